/** Test helper: a small generated demo warehouse in a temp dir, with a pinned "now". */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateDemoWarehouse } from '@askdata/demo-data';

export const DEMO_NOW = new Date('2026-03-15T12:00:00Z');

export function createSmallDemoWarehouse(scale = 0.05): { path: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'askdata-core-'));
  const path = join(dir, 'demo.sqlite');
  generateDemoWarehouse({ path, scale, now: DEMO_NOW });
  return { path, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
