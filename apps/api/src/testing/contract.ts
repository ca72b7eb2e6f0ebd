import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { loadTestEnv } from '../config/env.js';

/**
 * Checks answers against `openapi/upstream.yaml` (spec-first drift detection, CONVENTIONS
 * "Settle early" 4, option B) through `@portal/openapi/documents`.
 *
 * Optional by design while the document is young: when the helper is not built or the
 * document cannot be loaded, or an operation or status is not documented, nothing is checked
 * (reported once on stderr). A documented answer that does not match fails the test, unless
 * `API_CONTRACT_CHECK=warn` (report only) or `off`.
 */

type Documents = typeof import('@portal/openapi/documents');

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

let contract: Promise<Contract | undefined> | undefined;
const reported = new Set<string>();

function note(message: string): void {
  if (reported.has(message)) return;
  reported.add(message);
  process.stderr.write(`[contract] ${message}\n`);
}

async function loadContract(): Promise<Contract | undefined> {
  let documents: Documents;
  try {
    documents = await import('@portal/openapi/documents');
  } catch (error) {
    note(`@portal/openapi/documents is not available (${String(error)}); responses are not checked.`);
    return undefined;
  }
  try {
    const document = documents.loadDocument('upstream');
    const paths = (document['paths'] ?? {}) as Record<string, Record<string, unknown>>;
    const operations: Operation[] = documents.listOperations('upstream').map((info) => {
      const raw = paths[info.path]?.[info.method] as
        { responses?: Record<string, { headers?: Record<string, { required?: boolean }> }> } | undefined;
      const schemas = documents.fastifySchemaFor('upstream', info.operationId).response;
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
    (addFormatsModule as unknown as (ajv: Ajv) => Ajv)(ajv);
    return { operations, validators: new Map(), ajv };
  } catch (error) {
    note(`openapi/upstream.yaml could not be loaded (${String(error)}); responses are not checked.`);
    return undefined;
  }
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
  contract ??= loadContract();
  const loaded = await contract;
  if (loaded === undefined) return [];
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
