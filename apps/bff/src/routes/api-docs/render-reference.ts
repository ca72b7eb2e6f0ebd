/**
 * A small server-side renderer of an OpenAPI 3.1 document into one self-contained HTML page:
 * the document's description, then each operation by tag with its parameters, body and
 * answers. Schemas are shown as compact JSON; `$ref`s stay names that link to the schema list.
 */

type Obj = Record<string, unknown>;
export interface OpenApiDocument {
  info?: { title?: string; version?: string; description?: string };
  tags?: Array<{ name: string; description?: string }>;
  paths?: Record<string, Record<string, Obj>>;
  components?: Record<string, Record<string, unknown>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

const escape = (value: unknown): string =>
  (typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value)).replace(
    /[&<>"']/g,
    (char) => `&#${char.charCodeAt(0)};`,
  );

/** Inline code and paragraphs of the descriptions; nothing else of Markdown is needed here. */
function prose(text: unknown): string {
  if (typeof text !== 'string' || text.trim() === '') return '';
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((block) => {
      const lines = block.split('\n').map((line) => line.trim());
      const inline = (line: string) => escape(line).replace(/`([^`]+)`/g, '<code>$1</code>');
      if (lines.every((line) => line.startsWith('- '))) {
        return `<ul>${lines.map((line) => `<li>${inline(line.slice(2))}</li>`).join('')}</ul>`;
      }
      return `<p>${inline(lines.join(' '))}</p>`;
    })
    .join('');
}

function resolve(document: OpenApiDocument, node: unknown): Obj {
  if (node && typeof node === 'object' && typeof (node as Obj).$ref === 'string') {
    const [, , section, name] = String((node as Obj).$ref).split('/');
    return (document.components?.[section ?? '']?.[name ?? ''] as Obj | undefined) ?? {};
  }
  return (node as Obj) ?? {};
}

function schemaHtml(schema: unknown): string {
  const text = JSON.stringify(schema, null, 2) ?? '';
  return `<pre>${escape(text).replace(/&#34;#\/components\/schemas\/([A-Za-z0-9_]+)&#34;/g, '<a href="#schema-$1">$1</a>')}</pre>`;
}

function operationHtml(document: OpenApiDocument, method: string, path: string, operation: Obj): string {
  const parameters = (Array.isArray(operation.parameters) ? operation.parameters : []).map((parameter) =>
    resolve(document, parameter),
  );
  const body = resolve(document, operation.requestBody);
  const bodyContent = (body.content ?? {}) as Record<string, { schema?: unknown }>;
  const responses = Object.entries((operation.responses ?? {}) as Obj).map(
    ([status, response]) => [status, resolve(document, response)] as const,
  );
  return `<section class="op" id="${escape(operation.operationId)}">
<h3><span class="m m-${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code></h3>
<p class="summary">${escape(operation.summary)} <small>(${escape(operation.operationId)})</small></p>
${prose(operation.description)}
${featureNote(operation['x-feature'], operation['x-login-area'] === true, operation['x-staff'] === true)}
${typeof operation['x-bot-protection'] === 'string' ? `<p class="note">Bot protection: header <code>X-Bot-Token</code>, form <code>${escape(operation['x-bot-protection'])}</code></p>` : ''}
${
  parameters.length > 0
    ? `<table><tr><th>Parameter</th><th>In</th><th>Required</th><th>Description</th></tr>${parameters
        .map(
          (parameter) =>
            `<tr><td><code>${escape(parameter.name)}</code></td><td>${escape(parameter.in)}</td><td>${parameter.required ? 'yes' : 'no'}</td><td>${prose(parameter.description)}</td></tr>`,
        )
        .join('')}</table>`
    : ''
}
${Object.entries(bodyContent)
  .map(([type, media]) => `<h4>Request body <code>${escape(type)}</code></h4>${schemaHtml(media.schema)}`)
  .join('')}
<h4>Responses</h4><table>${responses
    .map(
      ([status, response]) => `<tr><td><code>${escape(status)}</code></td><td>${prose(response.description)}</td></tr>`,
    )
    .join('')}</table>
</section>`;
}

export function renderApiReference(document: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = (operation.tags as string[] | undefined)?.[0] ?? 'Other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)?.push(operationHtml(document, method, path, operation));
    }
  }
  const tags = [...(document.tags ?? []).map((tag) => tag.name), ...byTag.keys()].filter(
    (name, index, all) => all.indexOf(name) === index && byTag.has(name),
  );
  const tagDescription = (name: string) => document.tags?.find((tag) => tag.name === name)?.description;
  const schemas = Object.entries(document.components?.schemas ?? {});
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(document.info?.title)} – reference</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;color:#1F3B50;max-width:60rem;margin:0 auto;padding:1rem}
code,pre{font:14px/1.4 ui-monospace,monospace}pre{background:#f4f6f8;padding:.75rem;overflow:auto}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #d0d7de;padding:.25rem .5rem;text-align:left;vertical-align:top}
td p{margin:0}.op{border-top:1px solid #d0d7de;margin-top:1.5rem}.m{font:700 13px ui-monospace,monospace;padding:.1rem .4rem;border-radius:3px;color:#fff;background:#1F3B50}
.m-post{background:#1a7f37}.m-delete{background:#b42318}.m-put,.m-patch{background:#9a6700}.summary{font-weight:600}.note{color:#57606a}
nav li{margin:.1rem 0}
</style></head><body>
<h1>${escape(document.info?.title)} <small>${escape(document.info?.version)}</small></h1>
${prose(document.info?.description)}
<p>Machine-readable: <a href="/openapi.json"><code>/openapi.json</code></a> (OpenAPI 3.1).</p>
<nav><ul>${tags.map((tag) => `<li><a href="#tag-${escape(tag)}">${escape(tag)}</a></li>`).join('')}<li><a href="#schemas">Schemas</a></li></ul></nav>
${tags
  .map(
    (tag) =>
      `<h2 id="tag-${escape(tag)}">${escape(tag)}</h2>${prose(tagDescription(tag))}${(byTag.get(tag) ?? []).join('\n')}`,
  )
  .join('\n')}
<h2 id="schemas">Schemas</h2>
${schemas.map(([name, schema]) => `<h3 id="schema-${escape(name)}">${escape(name)}</h3>${schemaHtml(schema)}`).join('\n')}
</body></html>
`;
}

/** `x-staff`, `x-feature` (one flag, a shared list or `none`) and `x-login-area`, in words. */
function featureNote(feature: unknown, loginArea: boolean, staff: boolean): string {
  const flags = ([] as unknown[]).concat(feature ?? []).filter((flag) => typeof flag === 'string' && flag !== 'none');
  const notes: string[] = [];
  if (staff)
    notes.push(
      "Staff only: 403 <code>staff_only</code> for anyone else, <code>second_factor_required</code> until the staff member's second factor is set up",
    );
  if (flags.length > 0) {
    notes.push(
      `${flags.length > 1 ? 'Feature flags (any on)' : 'Feature flag'}: ${flags.map((flag) => `<code>${escape(flag)}</code>`).join(', ')}`,
    );
  }
  if (loginArea) notes.push('404 while <code>hideTenantLogin</code> is on');
  return notes.length > 0 ? `<p class="note">${notes.join('; ')}</p>` : '';
}
