import type { FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { loadDocument, toJsonSchema } from '@portal/openapi/documents';
import type { components } from '@portal/openapi/upstream-types';
import { malformedTextErrors } from '@portal/fastify-common/text-safety';
import type { StatementImport } from '../../../domain/billing.js';
import { fieldErrors } from '../../../domain/errors.js';
import { toDrfValidationBody } from '../../../http/validation-errors.js';

type StatementJson = components['schemas']['StaffStatementImport'];

/** The `StaffStatementImport` schema of upstream.yaml, as the JSON part must match it. */
const statementSchema = () => {
  const schemas = (loadDocument('upstream')['components'] as { schemas: Record<string, unknown> }).schemas;
  return toJsonSchema(schemas['StaffStatementImport']);
};

/**
 * The `statement` part of the multipart import: JSON text checked against the contract's
 * schema (Czech field errors, as a JSON body's), turned into the domain's import.
 */
export function parseStatementPart(request: FastifyRequest, text: string): Omit<StatementImport, 'pdfStorageKey'> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw fieldErrors({ statement: ['Část „statement“ musí být platný JSON.'] });
  }
  // The JSON body's text check (app.ts) does not reach a multipart part: PostgreSQL would fail on a NUL.
  const malformed = malformedTextErrors(data);
  if (malformed.length > 0) throw fieldErrors(toDrfValidationBody(malformed));
  const validate = request.compileValidationSchema(statementSchema());
  if (!validate(data)) {
    throw fieldErrors(toDrfValidationBody((validate.errors ?? []) as FastifySchemaValidationError[]));
  }
  const statement = data as StatementJson;
  return {
    tenantId: statement.tenant,
    buildingId: statement.building ?? null,
    number: statement.number,
    periodFrom: statement.period_from,
    periodTo: statement.period_to,
    issuedOn: statement.issued_on,
    dueDate: statement.due_date,
    paidAmount: statement.paid_amount ?? '0.00',
    paidOn: statement.paid_on ?? null,
    variableSymbol: statement.variable_symbol,
    constantSymbol: statement.constant_symbol ?? null,
    bankAccount: statement.bank_account,
    iban: statement.iban,
    taxableSupplyDate: statement.taxable_supply_date ?? null,
    items: statement.items.map((item) => ({
      description: item.description.trim(),
      quantity: item.quantity ?? null,
      unit: item.unit ?? null,
      amount: item.amount,
      vatRate: item.vat_rate ?? null,
    })),
  };
}
