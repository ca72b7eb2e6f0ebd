import type { FastifyRequest } from 'fastify';
import { serializeStatementDetail, statementPdf } from '../../../domain/billing.js';
import { drfError } from '../../../domain/errors.js';
import { contentDisposition } from '../../../http/attachments.js';
import { contractSchema, type ContractRoutes } from '../../../http/contract-schema.js';
import { pageOf, paged } from '../../../http/pagination.js';
import { currentTenant } from '../../../plugins/app/tenant-guard.js';
import { findStatement, listStatements } from './repository.js';

/** The tenant's billing statements and their PDFs. */
export const billingRoutes: ContractRoutes = async (fastify) => {
  const tenantScoped = { onRequest: [fastify.authenticate, fastify.requireTenant] };

  const tenantStatement = async (request: FastifyRequest, id: number) => {
    const row = await findStatement(fastify.db, id, currentTenant(request));
    if (row === undefined) throw drfError(404, 'not_found', 'Vyúčtování nebylo nalezeno.');
    return row;
  };

  fastify.get(
    '/billing_statements/',
    { schema: contractSchema('listBillingStatements'), ...tenantScoped },
    async (request, reply) => {
      const page = pageOf(request.query);
      const { total, items } = await listStatements(fastify.db, currentTenant(request), request.query, page);
      return paged(reply, page, total).send(items);
    },
  );

  fastify.get(
    '/billing_statements/:id/',
    { schema: contractSchema('getBillingStatement'), ...tenantScoped },
    async (request) => {
      return serializeStatementDetail(fastify.db, await tenantStatement(request, request.params.id));
    },
  );

  fastify.get(
    '/billing_statements/:id/pdf/',
    { schema: contractSchema('downloadBillingStatementPdf'), ...tenantScoped },
    async (request, reply) => {
      const row = await tenantStatement(request, request.params.id);
      const pdf = await statementPdf(fastify.db, fastify.fileStore, row);
      const name = `vyuctovani-${row.number.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(name))
        .send(pdf);
    },
  );
};
