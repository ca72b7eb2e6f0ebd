import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

/** Hashed build assets never change under their name; everything else is revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: hashed assets with a year-long immutable cache, as the build's
 * brotli or gzip copy when the browser takes it (`preCompressed`), and the files of the build
 * root never cached. Page addresses are answered by the history fallback (`sendDocument`, from
 * the not-found handler in plugins/app/not-found.ts): a prerendered page or `index.html`, never
 * cached (so a new deployment is picked up), and the client router decides (including its 404
 * page). Nothing is served when the web app was not built (API-only deployments, tests).
 *
 * `@fastify/static` is registered here rather than in plugins/external: it declares the routes
 * of the built files, so it belongs to this route plugin and its encapsulation.
 * @see {@link https://github.com/fastify/fastify-static}
 */
export const spaRoutes: FastifyPluginAsync = async (app) => {
  if (app.webApp.documents === null) return;
  const { webDistDir } = app.config;
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
