import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

export interface SpaOptions {
  webDistDir: string;
}

/** Hashed build assets never change under their name; everything else is revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: hashed assets with a year-long immutable cache, `index.html`
 * never cached (so a new deployment is picked up), and the history fallback: any other GET
 * that wants HTML gets `index.html`, and the client router decides (including its 404 page).
 */
export const spaRoutes: FastifyPluginAsync<SpaOptions> = async (app, { webDistDir }) => {
  await app.register(fastifyStatic, {
    root: webDistDir,
    // One route per built file, found once at start-up (the build does not change while we
    // run); everything else, `/` included, falls through to the history fallback.
    index: false,
    wildcard: false,
    setHeaders(res, path) {
      res.header('cache-control', path.includes(`${join(webDistDir, 'assets')}`) ? IMMUTABLE : 'no-cache');
    },
  });
};

/** The web build's index page, or null when the app was not built (API-only deployments, tests). */
export function readIndexHtml(webDistDir: string): string | null {
  const indexPath = join(webDistDir, 'index.html');
  return existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null;
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
