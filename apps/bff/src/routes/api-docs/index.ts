import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';
import { parse } from 'yaml';
import { renderApiReference, type OpenApiDocument } from './render-reference.js';

/**
 * The BFF's contract for integrators: `GET /openapi.json` (bff.yaml as JSON, `$ref`s kept) and
 * `GET /api-docs`, a readable reference page rendered here from the same document (plain HTML
 * and an inline style sheet: it works under the portal's CSP and needs no CDN). Both are public
 * and outside `/api`, so a browser can open them without the CSRF header; they read no session.
 */
export const apiDocsRoutes: FastifyPluginAsync = async (app) => {
  const path = fileURLToPath(import.meta.resolve('@portal/openapi/bff.yaml'));
  const document = parse(readFileSync(path, 'utf8')) as OpenApiDocument;
  const json = JSON.stringify(document);
  const html = renderApiReference(document);

  app.get('/openapi.json', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(json),
  );
  app.get('/api-docs', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html),
  );
};
