import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BffError, errorMessages } from '../../http/errors.js';
import { sendDocument, type DocumentVisitor, type SpaDocuments } from '../../web-app/spa-documents.js';

/**
 * The one not-found handler (docs/architecture.md §5). A browser asking for a page outside
 * `/api` and `/assets` gets the web app's history fallback (a prerendered page or the shell),
 * never limited; anything else is a real miss, rate-limited so unknown addresses cannot be
 * probed cheaply, and answers the Czech 404 body.
 * @see {@link https://fastify.dev/docs/latest/Reference/Server/#setnotfoundhandler}
 */
export const notFoundPlugin = fp(
  async (app) => {
    const { config, sessions, webApp } = app;
    const notFoundRateLimit = app.rateLimit({ max: config.rateLimits.notFoundPerMinute, timeWindow: 60_000 });

    /**
     * Who asks for a page: the session is read (never extended) only where a page was
     * prerendered for a logged-in user, and a store out of reach means the shell, which is
     * always right.
     */
    const documentVisitor = async (request: FastifyRequest, spa: SpaDocuments): Promise<DocumentVisitor> => {
      if (request.cookies[sessions.cookies.session] === undefined) return 'anonymous';
      if (!spa.hasTenantPage(request.url)) return 'other';
      try {
        const session = await sessions.read(request);
        return session?.record.selectedTenantId ? 'tenant' : 'other';
      } catch (error) {
        request.log.warn({ err: error }, 'session not read for a page; sending the shell');
        return 'other';
      }
    };

    // Page loads are the web app's history fallback, not misses: a whole office behind one
    // address must not run into the limit. Only real misses count: unknown /api operations,
    // missing static files and whatever is not a browser asking for a page.
    app.setNotFoundHandler(async (request, reply) => {
      const { documents } = webApp;
      const wantsPage =
        documents !== null &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !request.url.startsWith('/api/') &&
        !request.url.startsWith('/assets/') &&
        (request.headers.accept ?? '').includes('text/html');
      if (wantsPage) {
        const visitor = await documentVisitor(request, documents);
        return sendDocument(reply, documents.documentFor(request.url, visitor), request.headers['accept-encoding']);
      }
      await notFoundRateLimit.call(app, request, reply);
      return reply.code(404).send(new BffError(404, 'not_found', errorMessages.notFound).toBody());
    });
  },
  { name: 'not-found', dependencies: ['config', 'rate-limit', 'sessions', 'web-app'] },
);
