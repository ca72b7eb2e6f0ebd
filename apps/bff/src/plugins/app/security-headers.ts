import fp from 'fastify-plugin';
import { assertSameOriginApiRequest } from '../../http/csrf.js';
import type { BffError } from '../../http/errors.js';
import { securityHeaders, sentryOrigin } from '../../http/security-headers.js';

/**
 * The security headers of every answer and the CSRF and Origin check of every `/api` request
 * (docs/architecture.md §4, CSRF), in one synchronous `onRequest` hook: pages get helmet's set
 * with the SPA's CSP, API answers the strict set of a personal JSON answer.
 * @see {@link https://helmetjs.github.io/}
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    const { config, webApp } = app;
    const headers = securityHeaders({
      turnstile: config.botProtection.provider === 'turnstile',
      sentryOrigin: sentryOrigin(config.sentry.dsn),
      // The prerendered pages' inline loader, allowed by its hash and nothing else inline.
      scriptHashes: webApp.documents?.scriptHashes ?? [],
    });
    // A callback hook: it runs on every request, and an async hook costs a promise and a
    // microtask turn each time.
    app.addHook('onRequest', (request, reply, done) => {
      if (!request.url.startsWith('/api/')) {
        reply.headers(headers.page);
        done();
        return;
      }
      // API answers are personal (no cache may keep them) and get the headers a JSON answer needs.
      reply.headers(headers.api);
      try {
        assertSameOriginApiRequest(request, config.publicOrigin);
      } catch (error) {
        done(error as BffError);
        return;
      }
      done();
    });
  },
  { name: 'security-headers', dependencies: ['config', 'web-app'] },
);
