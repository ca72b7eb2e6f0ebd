/**
 * Read access to the two OpenAPI documents for the servers: `upstream` (implemented by apps/api)
 * and `bff` (implemented by apps/bff). Routes are built from these so the code cannot drift from
 * the committed contract.
 *
 * Loading is synchronous: the build (`pnpm --filter @portal/openapi build`) writes dereferenced
 * JSON copies next to the compiled module; when they are absent (tests run from `src/`) the YAML
 * beside `package.json` is parsed and dereferenced instead.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { dereference } from './dereference.js';
import { assertFeatureDeclarations, parseFeatureDeclaration, type FeatureFlag } from './features.js';

export type DocumentName = 'upstream' | 'bff';
export {
  FEATURE_FLAGS,
  NO_FEATURE,
  featureAvailable,
  parseFeatureDeclaration,
  assertFeatureDeclarations,
  type FeatureFlag,
} from './features.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface OperationInfo {
  method: HttpMethod;
  /** OpenAPI path template, e.g. `/api/v1/support_tickets/{id}/`. */
  path: string;
  /** The same path in Fastify syntax, e.g. `/api/v1/support_tickets/:id/`. */
  fastifyPath: string;
  operationId: string;
  /**
   * `x-feature`: the runtime feature flags the operation belongs to (available while any of
   * them is on); empty for `x-feature: none`. See features.ts.
   */
  features: FeatureFlag[];
  /**
   * `x-login-area` (bff.yaml): the operation serves the pages that need a login (docs/product.md
   * §2, access `login`), which `hideTenantLogin` hides.
   */
  loginArea: boolean;
  /** `x-tenant-scoped`: the operation acts for the tenant in `X-Tenant-ID`. */
  tenantScoped: boolean;
  /** `x-staff`: an operation of the operator's staff workspace (403 `staff_only` for anyone else). */
  staff: boolean;
  /** Media types of the request body, e.g. `['application/json']` or `['multipart/form-data']`. */
  requestContentTypes: string[];
  /** Media types of all documented responses (success and error), sorted. */
  responseContentTypes: string[];
}

export interface FastifyRouteSchema {
  params?: object;
  querystring?: object;
  body?: object;
  headers?: object;
  response: Record<string, object>;
}

export const HTTP_METHODS: readonly HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete'];

type JsonObject = { [key: string]: unknown };

interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonObject;
}

interface OperationObject {
  operationId?: string;
  parameters?: ParameterObject[];
  requestBody?: { content?: Record<string, { schema?: JsonObject }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonObject }> }>;
  'x-feature'?: unknown;
  'x-login-area'?: boolean;
  'x-tenant-scoped'?: boolean;
  'x-staff'?: boolean;
}

interface PathItemObject {
  parameters?: ParameterObject[];
  [method: string]: unknown;
}

interface IndexedOperation {
  info: OperationInfo;
  operation: OperationObject;
  parameters: ParameterObject[];
}

const documentCache = new Map<DocumentName, Record<string, unknown>>();
const operationCache = new Map<DocumentName, Map<string, IndexedOperation>>();

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function readDocument(name: DocumentName): Record<string, unknown> {
  const builtCopy = new URL(`./${name}.json`, import.meta.url);
  if (existsSync(builtCopy)) {
    return JSON.parse(readFileSync(builtCopy, 'utf8')) as Record<string, unknown>;
  }
  // Both src/ and dist/ sit one level below the package root, where the YAML files live.
  const yamlFile = new URL(`../${name}.yaml`, import.meta.url);
  return dereference(parse(readFileSync(yamlFile, 'utf8')) as Record<string, unknown>);
}

/**
 * The whole document with every `$ref` resolved. Cached and deeply frozen: callers share one
 * copy, so an accidental mutation throws instead of silently changing other routes' schemas.
 */
export function loadDocument(name: DocumentName): Record<string, unknown> {
  let document = documentCache.get(name);
  if (!document) {
    document = deepFreeze(readDocument(name));
    documentCache.set(name, document);
  }
  return document;
}

/** Path-level parameters apply to every operation unless the operation redefines name + location. */
function mergeParameters(pathItem: PathItemObject, operation: OperationObject): ParameterObject[] {
  const merged = new Map<string, ParameterObject>();
  for (const parameter of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]) {
    merged.set(`${parameter.in}:${parameter.name}`, parameter);
  }
  return [...merged.values()];
}

function indexOperations(name: DocumentName): Map<string, IndexedOperation> {
  let index = operationCache.get(name);
  if (index) return index;
  index = new Map();
  assertFeatureDeclarations(loadDocument(name), name);
  const paths = (loadDocument(name)['paths'] ?? {}) as Record<string, PathItemObject>;
  for (const [path, pathItem] of Object.entries(paths)) {
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method] as OperationObject | undefined;
      if (!operation) continue;
      const { operationId } = operation;
      if (!operationId) throw new Error(`${name}: ${method.toUpperCase()} ${path} has no operationId`);
      if (index.has(operationId)) throw new Error(`${name}: duplicate operationId ${operationId}`);
      const responseTypes = new Set<string>();
      for (const response of Object.values(operation.responses ?? {})) {
        for (const type of Object.keys(response.content ?? {})) responseTypes.add(type);
      }
      index.set(operationId, {
        operation,
        parameters: mergeParameters(pathItem, operation),
        info: {
          method,
          path,
          fastifyPath: path.replace(/\{([^}]+)\}/g, ':$1'),
          operationId,
          features: parseFeatureDeclaration(operation['x-feature'], `${name}: ${method.toUpperCase()} ${path}`),
          loginArea: operation['x-login-area'] === true,
          tenantScoped: operation['x-tenant-scoped'] === true,
          staff: operation['x-staff'] === true,
          requestContentTypes: Object.keys(operation.requestBody?.content ?? {}),
          responseContentTypes: [...responseTypes].sort(),
        },
      });
    }
  }
  operationCache.set(name, index);
  return index;
}

/** Every operation, in document order (paths as written, methods get/post/put/patch/delete). */
export function listOperations(name: DocumentName): OperationInfo[] {
  return [...indexOperations(name).values()].map(({ info }) => structuredClone(info));
}

function findOperation(name: DocumentName, operationId: string): IndexedOperation {
  const found = indexOperations(name).get(operationId);
  if (!found) throw new Error(`Unknown operationId "${operationId}" in the ${name} document`);
  return found;
}

export function getOperation(name: DocumentName, operationId: string): OperationInfo {
  return structuredClone(findOperation(name, operationId).info);
}

/** Keywords that only OpenAPI tooling understands; Ajv's strict mode rejects unknown keywords. */
export const OPENAPI_ONLY_KEYWORDS: ReadonlySet<string> = new Set([
  'example',
  'examples',
  'discriminator',
  'xml',
  'externalDocs',
  'deprecated',
  'readOnly',
  'writeOnly',
]);
/** Keywords whose value is a map from names to subschemas (the names are data, not keywords). */
const SCHEMA_MAP_KEYWORDS = new Set(['properties', 'patternProperties', 'definitions', 'dependentSchemas']);
/** Keywords whose value is a subschema or a list of subschemas. */
const SUBSCHEMA_KEYWORDS = new Set([
  'items',
  'additionalItems',
  'additionalProperties',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'allOf',
  'anyOf',
  'oneOf',
]);

/** A fresh copy of `schema` without OpenAPI-only keywords, at every nesting level. */
export function toJsonSchema(schema: unknown): JsonObject {
  const clean = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(clean);
    if (node === null || typeof node !== 'object') return node;
    const result: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      if (OPENAPI_ONLY_KEYWORDS.has(key) || key.startsWith('x-')) continue;
      if (SCHEMA_MAP_KEYWORDS.has(key) && value !== null && typeof value === 'object') {
        result[key] = Object.fromEntries(Object.entries(value as object).map(([prop, sub]) => [prop, clean(sub)]));
      } else if (SUBSCHEMA_KEYWORDS.has(key)) {
        result[key] = clean(value);
      } else {
        // enum, const, default, required, pattern…: plain data, copied as is.
        result[key] = structuredClone(value);
      }
    }
    return result;
  };
  return clean(schema) as JsonObject;
}

function parameterGroup(parameters: ParameterObject[], lowerCaseNames: boolean): JsonObject | undefined {
  if (parameters.length === 0) return undefined;
  const properties: JsonObject = {};
  const required: string[] = [];
  for (const parameter of parameters) {
    const key = lowerCaseNames ? parameter.name.toLowerCase() : parameter.name;
    const schema = toJsonSchema(parameter.schema ?? {});
    if (parameter.description && schema['description'] === undefined) {
      schema['description'] = parameter.description;
    }
    properties[key] = schema;
    if (parameter.required || parameter.in === 'path') required.push(key);
  }
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

function isJsonMediaType(mediaType: string): boolean {
  const essence = mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  return essence === 'application/json' || essence.endsWith('+json');
}

function jsonSchemaOf(content: Record<string, { schema?: JsonObject }> | undefined): JsonObject | undefined {
  const entry = Object.entries(content ?? {}).find(([mediaType]) => isJsonMediaType(mediaType));
  return entry?.[1].schema ? toJsonSchema(entry[1].schema) : undefined;
}

/**
 * JSON schemas for a Fastify route: params, querystring, body (JSON bodies only), headers (only
 * declared request headers, lower-cased names, other headers allowed) and response keyed by
 * status code (JSON responses only; `4XX` becomes Fastify's `4xx`). Every call returns fresh
 * objects, so Fastify may annotate them freely.
 *
 * The schemas use `type: [T, "null"]` for nullable values, so give Fastify's Ajv
 * `allowUnionTypes: true` to keep its strict mode quiet. Do not combine the header schema with
 * Ajv's `removeAdditional: 'all'`, which would strip every undeclared request header.
 */
export function fastifySchemaFor(name: DocumentName, operationId: string): FastifyRouteSchema {
  const { operation, parameters } = findOperation(name, operationId);
  const byLocation = (location: ParameterObject['in']) => parameters.filter((p) => p.in === location);

  const params = parameterGroup(byLocation('path'), false);
  const querystring = parameterGroup(byLocation('query'), false);
  const headerGroup = parameterGroup(byLocation('header'), true);
  const headers = headerGroup ? { ...headerGroup, additionalProperties: true } : undefined;
  const body = jsonSchemaOf(operation.requestBody?.content);

  const response: Record<string, object> = {};
  for (const [status, definition] of Object.entries(operation.responses ?? {})) {
    const schema = jsonSchemaOf(definition.content);
    if (schema) response[status.toLowerCase()] = schema;
  }

  return {
    ...(params ? { params } : {}),
    ...(querystring ? { querystring } : {}),
    ...(body ? { body } : {}),
    ...(headers ? { headers } : {}),
    response,
  };
}
