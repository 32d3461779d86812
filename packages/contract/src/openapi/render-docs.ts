/**
 * The docs page: the OpenAPI document rendered to one self-contained HTML page on the server (inline CSS,
 * no script, nothing fetched), so it works offline and behind strict networks. The page is generated
 * from the same document /openapi.json serves, so the two cannot disagree.
 */
import type { HttpMethod, OpenApiDocument, OperationObject, ResponseObject } from './document';
import type { JsonSchema } from './json-schema';
import { DOCS_CSS } from './docs-style';
import { componentAnchor, escapeHtml, prose, renderSchema, typeLabel } from './render-schema';

const METHODS: HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete'];

interface Entry {
  path: string;
  method: HttpMethod;
  operation: OperationObject;
}

function entriesOf(document: OpenApiDocument): Entry[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => (item[method] ? [{ path, method, operation: item[method] }] : [])),
  );
}

function isSecured(document: OpenApiDocument, operation: OperationObject): boolean {
  const requirements = operation.security ?? document.security ?? [];
  return requirements.length > 0 && requirements.every((requirement) => Object.keys(requirement).length > 0);
}

function renderResponses(responses: Record<string, ResponseObject>): string {
  const rows = Object.entries(responses).map(([status, response]) => {
    const [mediaType, media] = Object.entries(response.content ?? {})[0] ?? [];
    const body = media ? `${typeLabel(media.schema)} <span class="media">${escapeHtml(mediaType ?? '')}</span>` : '<span class="facts">no body</span>';
    return `<tr><td class="status ${status.startsWith('2') ? 'ok' : 'err'}">${escapeHtml(status)}</td><td>${prose(response.description)}</td><td>${body}</td></tr>`;
  });
  return `<table><thead><tr><th>Status</th><th>When</th><th>Body</th></tr></thead><tbody>${rows.join('\n')}</tbody></table>`;
}

function renderOperation(document: OpenApiDocument, { path, method, operation }: Entry): string {
  const parameters = operation.parameters ?? [];
  const parameterRows = parameters.map(
    (parameter) => `<tr><td><code>${escapeHtml(parameter.name)}</code></td><td>${escapeHtml(parameter.in)}</td><td>${typeLabel(parameter.schema)}</td><td>${prose(parameter.description ?? '')}</td></tr>`,
  );
  const body = operation.requestBody?.content['application/json'];
  return `<section class="operation" id="${escapeHtml(operation.operationId)}">
<header><span class="method ${method}">${method}</span><span class="path">${escapeHtml(path)}</span>${isSecured(document, operation) ? '<span class="lock">Bearer key</span>' : '<span class="lock">no auth</span>'}</header>
<p><strong>${escapeHtml(operation.summary)}</strong>${operation.description ? `<br>${prose(operation.description)}` : ''}</p>
${parameters.length ? `<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Notes</th></tr></thead><tbody>${parameterRows.join('')}</tbody></table>` : ''}
${body ? `<h4>Request body <span class="media">application/json</span></h4>${renderSchema(body.schema)}` : ''}
<h4>Responses</h4>${renderResponses(operation.responses)}
</section>`;
}

function renderComponent(name: string, schema: JsonSchema): string {
  return `<section class="operation" id="${componentAnchor(name)}"><h3>${escapeHtml(name)}</h3>${renderSchema(schema)}</section>`;
}

export function renderDocsPage(document: OpenApiDocument, options: { openApiPath: string }): string {
  const entries = entriesOf(document);
  const schemes = Object.entries(document.components.securitySchemes ?? {});
  const title = `${document.info.title} ${document.info.version}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${DOCS_CSS}</style></head>
<body><main>
<h1>${escapeHtml(document.info.title)}</h1>
<p class="facts">Version ${escapeHtml(document.info.version)} · OpenAPI ${escapeHtml(document.openapi)} · machine-readable: <a href="${escapeHtml(options.openApiPath)}">${escapeHtml(options.openApiPath)}</a></p>
${document.info.description ? `<p class="lead">${prose(document.info.description)}</p>` : ''}
${schemes.map(([name, scheme]) => `<p><strong>Authentication (${escapeHtml(name)}):</strong> <code>Authorization: Bearer &lt;key&gt;</code>. ${prose(scheme.description ?? '')}</p>`).join('')}
<nav><h2>Endpoints</h2><ul>${entries.map((entry) => `<li><a href="#${escapeHtml(entry.operation.operationId)}"><code>${entry.method.toUpperCase()} ${escapeHtml(entry.path)}</code></a> — ${escapeHtml(entry.operation.summary)}</li>`).join('')}</ul></nav>
${entries.map((entry) => renderOperation(document, entry)).join('\n')}
<h2>Schemas</h2>
${Object.entries(document.components.schemas).map(([name, schema]) => renderComponent(name, schema)).join('\n')}
</main></body></html>`;
}
