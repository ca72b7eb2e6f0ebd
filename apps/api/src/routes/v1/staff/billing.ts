import {
  importCheckedStatement,
  listStaffStatements,
  serializeStatementDetail,
  storeStatementPdfBytes,
  withStatementPdfDiscardedOnFailure,
} from '../../../domain/billing.js';
import { fieldErrors } from '../../../domain/errors.js';
import { listVatRates } from '../../../domain/vat.js';
import { acceptUploads, receiveParts, requireMultipart } from '../../../http/attachments.js';
import { contractSchema, type ContractRoutes } from '../../../http/contract-schema.js';
import { pageOf, paged } from '../../../http/pagination.js';
import { currentStaffScope } from '../../../plugins/app/staff-guard.js';
import { parseStatementPart } from './statement-import.js';

/** The largest `statement` JSON part: 100 items of 200 characters and the header fit easily. */
const MAX_STATEMENT_JSON = 64 * 1024;

/** Billing statements imported by the staff over HTTP, through the CLI's own domain service. */
export const staffBillingRoutes: ContractRoutes = async (fastify) => {
  await acceptUploads(fastify, { fieldSize: MAX_STATEMENT_JSON });
  const staffOnly = { onRequest: [fastify.authenticate, fastify.requireStaff] };

  fastify.get(
    '/staff/billing_statements/',
    { schema: contractSchema('listStaffBillingStatements'), ...staffOnly },
    async (request, reply) => {
      const page = pageOf(request.query);
      const { total, items } = await listStaffStatements(fastify.db, currentStaffScope(request), request.query, page);
      return paged(reply, page, total).send(items);
    },
  );

  fastify.get(
    '/staff/vat_rates/',
    { schema: contractSchema('listStaffVatRates'), ...staffOnly },
    async (_request, reply) => {
      const rates = await listVatRates(fastify.db);
      return reply
        .header('x-total-count', String(rates.length))
        .send(rates.map((rate) => ({ rate: rate.rate, valid_from: rate.validFrom, valid_to: rate.validTo })));
    },
  );

  fastify.post(
    '/staff/billing_statements/',
    {
      schema: { ...contractSchema('importStaffBillingStatement'), consumes: ['multipart/form-data'] },
      ...staffOnly,
    },
    async (request, reply) => {
      requireMultipart(request);
      const scope = currentStaffScope(request);
      const { fields, files } = await receiveParts(request);
      const text = fields.get('statement');
      if (text === undefined) throw fieldErrors({ statement: ['Chybí část „statement“ s údaji vyúčtování.'] });
      const input = parseStatementPart(request, text);
      const pdf = files.get('pdf');
      const pdfStorageKey = pdf === undefined ? null : await storeStatementPdfBytes(fastify.fileStore, pdf.bytes);
      const row = await withStatementPdfDiscardedOnFailure(fastify.fileStore, pdfStorageKey, () =>
        importCheckedStatement(fastify.db, { ...input, pdfStorageKey }, scope),
      );
      return reply.code(201).send(await serializeStatementDetail(fastify.db, row));
    },
  );
};
