import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { fastifySchemaFor, listOperations, loadDocument } from '@portal/openapi/documents';
import { isOwnOperationPath } from '../http/own-operations.js';

/**
 * Checks the answers of the BFF's own operations against `openapi/bff.yaml`, the document the
 * SDK's types (`Session`, `RuntimeConfig`, `ErrorBody`…) are generated from: the status must be
 * documented for the operation, a JSON answer must match its schema, a documented required
 * header must be there, and an answer without documented content must be empty.
 * `buildTestBff` checks every injected answer, so each test of an own operation checks its
 * answers too. The forwarded `/api/v1/…` operations answer what the (fake) upstream sent and
 * are not checked here; apps/api checks the real upstream against upstream.yaml.
 */

interface DocumentedResponse {
  schema?: object;
  requiredHeaders: string[];
}

interface OwnOperation {
  operationId: string;
  method: string;
  pattern: RegExp;
  responses: Map<string, DocumentedResponse>;
}

type RawResponses = Record<string, { headers?: Record<string, { required?: boolean }> } | undefined>;

const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });
(addFormatsModule as unknown as (instance: Ajv) => Ajv)(ajv);
const validators = new Map<string, ValidateFunction>();

let ownOperations: OwnOperation[] | undefined;

function loadOwnOperations(): OwnOperation[] {
  const paths = loadDocument('bff')['paths'] as Record<string, Record<string, { responses?: RawResponses }>>;
  return listOperations('bff')
    .filter((operation) => isOwnOperationPath(operation.path))
    .map((operation) => {
      const schemas = fastifySchemaFor('bff', operation.operationId).response;
      const raw = paths[operation.path]?.[operation.method]?.responses ?? {};
      const responses = new Map<string, DocumentedResponse>();
      for (const [status, response] of Object.entries(raw)) {
        const key = status.toLowerCase();
        const schema = schemas[key];
        responses.set(key, {
          ...(schema ? { schema } : {}),
          requiredHeaders: Object.entries(response?.headers ?? {})
            .filter(([, header]) => header.required === true)
            .map(([name]) => name.toLowerCase()),
        });
      }
      return {
        operationId: operation.operationId,
        method: operation.method.toUpperCase(),
        pattern: new RegExp(`^${operation.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
        responses,
      };
    });
}

export interface ContractResponse {
  method: string;
  url: string;
  statusCode: number;
  headers: Record<string, unknown>;
  /** The raw body as sent. */
  body: string;
}

/** How an answer breaks bff.yaml; empty when it matches or is not an answer of an own operation. */
export function contractProblems(response: ContractResponse): string[] {
  ownOperations ??= loadOwnOperations();
  const path = response.url.split('?')[0] ?? '';
  const method = response.method.toUpperCase();
  const operation = ownOperations.find((candidate) => candidate.method === method && candidate.pattern.test(path));
  if (operation === undefined) return [];

  const status = String(response.statusCode);
  const key = `${operation.operationId} ${status}`;
  const documented =
    operation.responses.get(status) ??
    operation.responses.get(`${status[0] ?? ''}xx`) ??
    operation.responses.get('default');
  if (documented === undefined) return [`${operation.operationId}: status ${status} is not documented`];

  const problems = documented.requiredHeaders
    .filter((header) => response.headers[header] === undefined)
    .map((header) => `${key}: required header ${header} is missing`);
  if (documented.schema === undefined) {
    if (response.body !== '') problems.push(`${key}: documents no content but the body is ${response.body}`);
    return problems;
  }
  const header = response.headers['content-type'];
  const contentType = typeof header === 'string' ? header : '';
  if (!contentType.startsWith('application/json')) {
    return [...problems, `${key}: content type ${contentType || '(none)'} instead of application/json`];
  }
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return [...problems, `${key}: the body is not JSON`];
  }
  let validate = validators.get(key);
  if (validate === undefined) {
    validate = ajv.compile(documented.schema);
    validators.set(key, validate);
  }
  if (!validate(body)) {
    for (const error of validate.errors ?? []) {
      problems.push(`${key}: body${error.instancePath} ${error.message ?? 'is invalid'}`);
    }
  }
  return problems;
}

/** Throws when an injected answer of an own operation breaks bff.yaml. */
export function assertMatchesContract(response: LightMyRequestResponse): void {
  const { method = 'GET', url = '/' } = response.raw.req;
  const problems = contractProblems({
    method,
    url,
    statusCode: response.statusCode,
    headers: response.headers,
    body: response.body,
  });
  if (problems.length > 0) {
    throw new Error(`The answer does not match openapi/bff.yaml:\n  ${problems.join('\n  ')}`);
  }
}
