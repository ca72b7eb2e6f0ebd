import type { FastifyRequest } from 'fastify';

/**
 * A browser's navigation (a GET or HEAD that accepts HTML) is shown a page, never a JSON body:
 * what a user sees when the BFF refuses a page load before the web app could render one.
 */
export function wantsHtmlPage(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html')
  );
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => escapes[character] ?? character);

/** A minimal Czech page (no script, no style, so the strict CSP holds) with a way back home. */
export function errorPage(title: string, message: string): string {
  return [
    '<!doctype html>',
    '<html lang="cs">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)} – Portál nájemníka</title></head>`,
    `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`,
    '<p><a href="/">Zpět na úvodní stránku</a></p></main></body>',
    '</html>',
    '',
  ].join('\n');
}
