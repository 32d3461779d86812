/**
 * Debian's chromium driven by playwright-core, exactly as CI runs it: the system binary, headless, no
 * sandbox (containers run as root), nothing phoning home, and a fresh profile per run. A missing binary
 * is an error with the fix in its message: the browser test must fail, never skip.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchChromium(viewport = { width: 1280, height: 900 }): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`The playground browser test needs Debian's chromium at ${CHROMIUM_PATH}. Install it with: apt-get install -y chromium`);
  }
  const profile = mkdtempSync(join(tmpdir(), 'askdata-chromium-'));
  // A persistent context is how playwright takes a user-data-dir; it is new and empty for every run.
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS, viewport });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
