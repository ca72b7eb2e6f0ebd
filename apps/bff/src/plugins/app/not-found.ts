import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BffError, errorMessages } from '../../http/errors.js';
import { sendDocument, type DocumentVisitor, type SpaDocuments } from '../../web-app/spa-documents.js';

/**
 * The one not-found handler (docs/architecture.md §5), rate-limited so unknown addresses cannot
 * be probed cheaply. A browser asking for a page outside `/api` gets the web app's history
 * fallback (a prerendered page or the shell); anything else the Czech 404 body.
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

    app.setNotFoundHandler({ preHandler: notFoundRateLimit }, async (request, reply) => {
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !request.url.startsWith('/api/') &&
        (request.headers.accept ?? '').includes('text/html');
      const { documents } = webApp;
      if (wantsPage && documents !== null) {
        const visitor = await documentVisitor(request, documents);
        return sendDocument(reply, documents.documentFor(request.url, visitor), request.headers['accept-encoding']);
      }
      return reply.code(404).send(new BffError(404, 'not_found', errorMessages.notFound).toBody());
    });
  },
  { name: 'not-found', dependencies: ['config', 'rate-limit', 'sessions', 'web-app'] },
);
