import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { pickEncoding, type EncodedDocument } from './pages.js';

export interface SpaOptions {
  webDistDir: string;
}

/** Hashed build assets never change under their name; everything else is revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: hashed assets with a year-long immutable cache, as the build's
 * brotli or gzip copy when the browser takes it (`preCompressed`), and the files of the build
 * root never cached. Page addresses are answered by the history fallback (`sendDocument`, from
 * the not-found handler in app.ts): a prerendered page or `index.html`, never cached (so a new
 * deployment is picked up), and the client router decides (including its 404 page).
 */
export const spaRoutes: FastifyPluginAsync<SpaOptions> = async (app, { webDistDir }) => {
  await app.register(fastifyStatic, {
    root: webDistDir,
    // One route per built file, found once at start-up (the build does not change while we
    // run); everything else, `/` included, falls through to the history fallback.
    index: false,
    wildcard: false,
    preCompressed: true,
    // Prerendered pages are sent by `sendDocument` for their own address only.
    allowedPath: (pathName) => !pathName.startsWith('/prerendered/'),
    setHeaders(res, path) {
      res.header('cache-control', path.includes(`${join(webDistDir, 'assets')}`) ? IMMUTABLE : 'no-cache');
    },
  });
};

/**
 * Sends an HTML document of the app with the page headers (set for every non-API answer in
 * app.ts: CSP, HSTS…), revalidated on every load, compressed when the browser accepts it. It
 * differs by cookie (prerendered only without a session), so shared caches must key on it.
 */
export function sendDocument(reply: FastifyReply, document: EncodedDocument, acceptEncoding: string | undefined) {
  const encoding = pickEncoding(acceptEncoding);
  reply
    .code(200)
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding, cookie')
    .type('text/html; charset=utf-8');
  if (encoding === null) return reply.send(document.identity);
  return reply.header('content-encoding', encoding).send(encoding === 'br' ? document.br : document.gzip);
}

/** The build id the web app was stamped with (`build-meta.json`), used to detect new deployments. */
export function readBuildId(webDistDir: string): string | null {
  const metaPath = join(webDistDir, 'build-meta.json');
  if (!existsSync(metaPath)) return null;
  try {
    const meta = JSON.parse(readFileSync(metaPath, 'utf8')) as { buildId?: unknown };
    return typeof meta.buildId === 'string' ? meta.buildId : null;
  } catch {
    return null;
  }
}
