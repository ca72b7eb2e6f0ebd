import { fastifySchemaFor, listOperations, loadDocument } from '@portal/openapi/documents';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { loadTestEnv } from '../config/env.js';

/**
 * Checks answers against `openapi/upstream.yaml` (spec-first drift detection,
 * docs/decisions/004-api-contract-checks.md) through `@portal/openapi/documents`. An operation
 * or status the document does not name is reported once on stderr and not checked; a documented
 * answer that does not match fails the test, unless `API_CONTRACT_CHECK=warn` (report only) or
 * `off`.
 */

interface Operation {
  method: string;
  pattern: RegExp;
  operationId: string;
  /** Characters outside `{param}` placeholders; more means a more specific template. */
  literalLength: number;
  responses: Record<string, { schema?: unknown; requiredHeaders: string[] }>;
}

interface Contract {
  operations: Operation[];
  validators: Map<string, ValidateFunction>;
  ajv: Ajv;
}

let contract: Contract | undefined;
const reported = new Set<string>();

function note(message: string): void {
  if (reported.has(message)) return;
  reported.add(message);
  process.stderr.write(`[contract] ${message}\n`);
}

function loadContract(): Contract {
  const document = loadDocument('upstream');
  const paths = (document['paths'] ?? {}) as Record<string, Record<string, unknown>>;
  const operations: Operation[] = listOperations('upstream').map((info) => {
    const raw = paths[info.path]?.[info.method] as
      { responses?: Record<string, { headers?: Record<string, { required?: boolean }> }> } | undefined;
    const schemas = fastifySchemaFor('upstream', info.operationId).response;
    const responses: Operation['responses'] = {};
    for (const [status, response] of Object.entries(raw?.responses ?? {})) {
      const key = status.toLowerCase();
      responses[key] = {
        schema: schemas[key],
        requiredHeaders: Object.entries(response.headers ?? {})
          .filter(([, header]) => header.required === true)
          .map(([name]) => name.toLowerCase()),
      };
    }
    return {
      method: info.method.toUpperCase(),
      pattern: new RegExp(`^${info.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      operationId: info.operationId,
      literalLength: info.path.replace(/\{[^}]+\}/g, '').length,
      responses,
    };
  });
  const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });
  // ajv-formats is CommonJS; its default export is the plugin function under NodeNext's interop.
  (addFormatsModule as unknown as (ajv: Ajv) => Ajv)(ajv);
  return { operations, validators: new Map(), ajv };
}

export interface ContractResponse {
  method: string;
  url: string;
  statusCode: number;
  headers: Record<string, unknown>;
  body: unknown;
}

/** Mismatches between an answer and the document; empty when it matches or is not covered. */
export async function contractProblems(response: ContractResponse): Promise<string[]> {
  const loaded = (contract ??= loadContract());
  const path = response.url.split('?')[0] ?? '';
  const method = response.method.toUpperCase();
  // Like the router: a literal segment wins over a parameter (`/meeting_rooms/reservation/7/`
  // is getReservation, not getMeetingRoom), so the most literal matching template is taken.
  const operation = loaded.operations
    .filter((op) => op.method === method && op.pattern.test(path))
    .sort((a, b) => b.literalLength - a.literalLength)[0];
  if (operation === undefined) {
    note(`${method} ${path} is not in upstream.yaml; not checked.`);
    return [];
  }
  const status = String(response.statusCode);
  const documented =
    operation.responses[status] ?? operation.responses[`${status[0] ?? ''}xx`] ?? operation.responses['default'];
  if (documented === undefined) {
    return [`${operation.operationId}: status ${status} is not documented`];
  }
  const problems: string[] = [];
  for (const header of documented.requiredHeaders) {
    if (response.headers[header] === undefined) {
      problems.push(`${operation.operationId} ${status}: required header ${header} is missing`);
    }
  }
  if (documented.schema !== undefined) {
    const key = `${operation.operationId} ${status}`;
    let validate = loaded.validators.get(key);
    if (validate === undefined) {
      validate = loaded.ajv.compile(documented.schema as object);
      loaded.validators.set(key, validate);
    }
    if (!validate(response.body)) {
      for (const error of validate.errors ?? []) {
        problems.push(`${key}: body${error.instancePath} ${error.message ?? 'is invalid'}`);
      }
    }
  }
  return problems;
}

/** Throws (or, with `API_CONTRACT_CHECK=warn`, reports) when an answer breaks the contract. */
export async function assertMatchesContract(response: ContractResponse): Promise<void> {
  const mode = loadTestEnv().contractCheck;
  if (mode === 'off') return;
  const problems = await contractProblems(response);
  if (problems.length === 0) return;
  const message = `Response does not match openapi/upstream.yaml:\n  ${problems.join('\n  ')}`;
  if (mode === 'warn') note(message);
  else throw new Error(message);
}
