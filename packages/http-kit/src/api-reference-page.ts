/**
 * /docs: the OpenAPI document rendered by Scalar's API reference (with "try it" requests), vendored in
 * vendor/scalar-api-reference so the page works offline and loads nothing from elsewhere (its default
 * web fonts are turned off). The hand-written page stays at /docs/plain: readable with no JavaScript.
 *
 * The mount point must not have the id `api-reference`: the standalone bundle mounts a reference of its
 * own, with its default configuration, on any element with that id as soon as it loads (its HTML
 * integration). With that id the page showed two references (issue 25, item 15): first the bundle's own,
 * with no document (grey skeletons filling the first screen), an "Ask AI" agent and "Generate MCP" (both
 * Scalar's hosted services) and Scalar's web fonts (14 CSP errors), and ours further down.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const API_REFERENCE_SCRIPT_PATH = '/docs/api-reference.js';
export const API_REFERENCE_START_PATH = '/docs/start.js';
export const PLAIN_DOCS_PATH = '/docs/plain';
/** Anything but `api-reference` (see above). */
export const API_REFERENCE_MOUNT_ID = 'askdata-api-reference';

/** Only this origin: the vendored script, the document it fetches, and the requests "try it" sends. */
export const API_REFERENCE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'";

let vendored: string | undefined;

/** The vendored Scalar bundle (4 MB), read on first use rather than at start-up. */
export function apiReferenceScript(): string {
  vendored ??= readFileSync(join(__dirname, '..', 'vendor', 'scalar-api-reference', 'standalone.js'), 'utf8');
  return vendored;
}

/** The page's own start-up, a file rather than an inline script so the CSP needs no 'unsafe-inline'. */
export function apiReferenceStart(openApiPath: string): string {
  // Nothing that needs Scalar's hosted services or sends the document anywhere (@scalar/api-reference
  // 1.72.1's options): no AI agent ("Ask AI" uploads the document to Scalar), no MCP generation, no
  // developer tools, no button to open the document in Scalar's client, no telemetry, no web fonts. The
  // reference and its "try it" requests talk to this server only.
  const options = {
    url: openApiPath,
    withDefaultFonts: false,
    telemetry: false,
    showDeveloperTools: 'never',
    agent: { disabled: true },
    mcp: { disabled: true },
    hideClientButton: true,
  };
  return `Scalar.createApiReference('#${API_REFERENCE_MOUNT_ID}', ${JSON.stringify(options)});\n`;
}

export function apiReferencePage(title: string): string {
  const escaped = title.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return [
    '<!doctype html>',
    '<html lang="en">',
    // No icon to fetch: the browser's own request for /favicon.ico would be a 404 in the console.
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${escaped}</title></head>`,
    '<body>',
    `<noscript><p>This page needs JavaScript. <a href="${PLAIN_DOCS_PATH}">The same reference without it</a>.</p></noscript>`,
    `<div id="${API_REFERENCE_MOUNT_ID}"></div>`,
    `<script src="${API_REFERENCE_SCRIPT_PATH}"></script>`,
    `<script src="${API_REFERENCE_START_PATH}"></script>`,
    '</body>',
    '</html>',
  ].join('\n');
}
