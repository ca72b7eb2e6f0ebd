/**
 * Derives bff.yaml from upstream.yaml, so the BFF's contract cannot drift from the upstream's:
 *
 * - only the upstream operations in ALLOWED_UPSTREAM_OPERATIONS are kept (the BFF forwards
 *   nothing else); every upstream operation must be listed either there or in
 *   REPLACED_UPSTREAM_OPERATIONS, so a new upstream operation forces a decision;
 * - the upstream bearer token gives way to the session cookie, every operation requires the
 *   `X-CSRF: 1` header, and every 4xx/5xx answers the BFF's single `ErrorBody`;
 * - the BFF's own operations and the components that replace upstream ones come from
 *   bff-own-operations.yaml.
 *
 * Usage: `tsx scripts/derive-bff.ts [--out <file>] [--check]`. The output is deterministic (paths
 * and component names sorted, operation keys in a fixed order), so a drift test can compare it
 * with the committed file byte for byte.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse, stringify } from 'yaml';
import { NO_FEATURE, assertFeatureDeclarations } from '../src/features.ts';

/** Upstream operations the BFF forwards unchanged (apart from authentication and error bodies). */
export const ALLOWED_UPSTREAM_OPERATIONS = [
  // Profile and tenants
  'getMyProfile',
  'updateMyProfile',
  'changeMyPassword',
  'getNotificationPreferences',
  'updateNotificationPreferences',
  // Unsubscribe links need no login: the signed token decides (GET shows, POST acts).
  'getUnsubscribe',
  'unsubscribe',
  'listTenantAccess',
  // Buildings
  'listBuildings',
  'getBuilding',
  // Support tickets (incidents)
  'listSupportTickets',
  'createSupportTicket',
  'getSupportTicket',
  'addSupportTicketMessage',
  'uploadSupportTicketAttachments',
  'downloadSupportTicketAttachment',
  'previewSupportTicketAttachment',
  'closeSupportTicket',
  'getSupportTicketNews',
  'markSupportTicketSeen',
  'confirmSupportTicket',
  'reopenSupportTicket',
  'rateSupportTicket',
  // Public support
  'createPublicSupportRequest',
  'getPublicSupportRequest',
  'addPublicSupportMessage',
  // Not bot-protected: authorised by the id + access code that the protected create answered,
  // and rate-limited per client IP like the public forms (apps/bff upstream proxy).
  'uploadPublicSupportAttachments',
  'downloadPublicSupportAttachment',
  'previewPublicSupportAttachment',
  // Maintenance events
  'listMaintenanceEvents',
  'getMaintenanceEvent',
  // Public feed: the BFF also serves it without session or X-CSRF at /kalendar/planovane-vypadky.ics.
  'getMaintenanceEventsCalendar',
  // Meeting rooms
  'listMeetingRooms',
  'getMeetingRoom',
  'getMeetingRoomAvailability',
  'listReservations',
  'createReservation',
  'listAllReservations',
  'createPublicReservation',
  'getReservation',
  'cancelReservation',
  'getPublicReservation',
  'cancelPublicReservation',
  // Billing
  'listBillingStatements',
  'getBillingStatement',
  'downloadBillingStatementPdf',
  // Meters and readings
  'listMeters',
  'listReadings',
  'createReading',
  // Staff workspace (x-staff): the BFF forwards these only for a session whose user is staff.
  'listStaffSupportTickets',
  'getStaffSupportTicketCounts',
  'getStaffSupportTicket',
  'updateStaffSupportTicket',
  'addStaffSupportTicketMessage',
  'downloadStaffSupportTicketAttachment',
  'previewStaffSupportTicketAttachment',
  'listStaffPublicSupportRequests',
  'getStaffPublicSupportRequest',
  'updateStaffPublicSupportRequest',
  'addStaffPublicSupportMessage',
  'downloadStaffPublicSupportAttachment',
  'previewStaffPublicSupportAttachment',
  'listStaffMaintenanceEvents',
  'createStaffMaintenanceEvent',
  'updateStaffMaintenanceEvent',
  'cancelStaffMaintenanceEvent',
  'listStaffBillingStatements',
  'importStaffBillingStatement',
  'listStaffVatRates',
  'listStaffMeetingRooms',
  'listStaffReservations',
  'cancelStaffReservation',
  'listStaffMail',
  'retryStaffMail',
  'listStaffMembers',
  'listStaffBuildings',
  'listStaffTenants',
] as const;

/**
 * Public forms whose submissions carry a bot-protection token in `X-Bot-Token`, verified by the
 * BFF before forwarding. The value names the form: the Turnstile widget's `action` and the form
 * an ALTCHA challenge is bound to (`GET /api/bot-protection/challenge?form=…`).
 */
export const BOT_PROTECTED_UPSTREAM_OPERATIONS: Record<string, string> = {
  createPublicSupportRequest: 'public-support',
  addPublicSupportMessage: 'public-support-message',
  createPublicReservation: 'public-reservation',
};

/**
 * Upstream operations the BFF's own operations replace: the browser never holds tokens, so it
 * logs in, out and resets passwords through /api/session and /api/password-reset/*, and token
 * renewal happens inside the BFF.
 */
export const REPLACED_UPSTREAM_OPERATIONS = [
  'login',
  'logout',
  'refreshToken',
  'requestPasswordReset',
  'resetPassword',
  'getPasswordResetInfo',
  // The second factor (ADR 012): the BFF's own /api/session/second-factor and /api/second-factor/*.
  'authenticateSecondFactor',
  'listAuthenticators',
  'getTotpAuthenticator',
  'activateTotp',
  'deactivateTotp',
  'getRecoveryCodes',
  'regenerateRecoveryCodes',
] as const;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const OPERATION_KEY_ORDER = [
  'operationId',
  'summary',
  'description',
  'tags',
  'x-portal-extension',
  'x-feature',
  'x-login-area',
  'x-staff',
  'x-tenant-scoped',
  'x-bot-protection',
  'security',
  'parameters',
  'requestBody',
  'responses',
];
const COMPONENT_SECTION_ORDER = ['securitySchemes', 'parameters', 'headers', 'requestBodies', 'responses', 'schemas'];
const SECURITY_SCHEME_MAP: Record<string, string> = { bearerAuth: 'sessionCookie' };
const ERROR_BODY_REF = '#/components/schemas/ErrorBody';

type Obj = Record<string, unknown>;

const isObject = (value: unknown): value is Obj => value !== null && typeof value === 'object' && !Array.isArray(value);

function asObject(value: unknown, where: string): Obj {
  if (!isObject(value)) throw new Error(`${where}: expected an object`);
  return value;
}

function isErrorStatus(status: string): boolean {
  return /^[45]/.test(status) || status === 'default';
}

/** Numeric codes first, then ranges such as `4XX`, then `default`. */
function compareStatus(a: string, b: string): number {
  const rank = (status: string) =>
    /^\d+$/.test(status) ? Number(status) : status === 'default' ? 10_000 : Number(status[0]) * 100 + 99.5;
  return rank(a) - rank(b);
}

function byKey(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function orderKeys(object: Obj, order: readonly string[]): Obj {
  const result: Obj = {};
  for (const key of order) if (key in object) result[key] = object[key];
  for (const [key, value] of Object.entries(object)) if (!(key in result)) result[key] = value;
  return result;
}

function refTarget(ref: string): { section: string; name: string } {
  const match = /^#\/components\/([^/]+)\/([^/]+)$/.exec(ref);
  if (!match?.[1] || !match[2]) throw new Error(`Unsupported $ref "${ref}"`);
  return { section: match[1], name: match[2].replaceAll('~1', '/').replaceAll('~0', '~') };
}

function collectRefs(node: unknown, found: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) collectRefs(item, found);
  } else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.add(value);
      else collectRefs(value, found);
    }
  }
}

function collectSecuritySchemes(paths: Obj): Set<string> {
  const schemes = new Set<string>();
  for (const pathItem of Object.values(paths)) {
    for (const method of METHODS) {
      const security = isObject(pathItem) && isObject(pathItem[method]) ? pathItem[method]['security'] : undefined;
      if (!Array.isArray(security)) continue;
      for (const requirement of security)
        if (isObject(requirement)) for (const name of Object.keys(requirement)) schemes.add(name);
    }
  }
  return schemes;
}

function allowsAnonymous(security: unknown): boolean {
  return (
    Array.isArray(security) &&
    (security.length === 0 || security.some((item) => isObject(item) && Object.keys(item).length === 0))
  );
}

/** An upstream error response as the BFF answers it: same description and Retry-After, ErrorBody content. */
function toErrorResponse(response: Obj): Obj {
  const headers = isObject(response['headers'])
    ? Object.fromEntries(Object.entries(response['headers']).filter(([name]) => name.toLowerCase() === 'retry-after'))
    : {};
  return {
    description: response['description'],
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    content: { 'application/json': { schema: { $ref: ERROR_BODY_REF } } },
  };
}

interface Context {
  upstreamComponents: Obj;
  ownComponents: Obj;
  /** Upstream response components referenced under an error status: their content is replaced. */
  errorResponses: Set<string>;
  successResponses: Set<string>;
}

function mapSecurity(security: unknown, where: string): unknown {
  if (!Array.isArray(security)) throw new Error(`${where}: every upstream operation must declare security`);
  return security.map((requirement) => {
    const mapped: Obj = {};
    for (const [scheme, scopes] of Object.entries(asObject(requirement, where))) {
      const replacement = SECURITY_SCHEME_MAP[scheme];
      if (!replacement) throw new Error(`${where}: no BFF replacement for security scheme "${scheme}"`);
      mapped[replacement] = scopes;
    }
    return mapped;
  });
}

function isAuthorizationHeader(parameter: unknown, context: Context): boolean {
  if (!isObject(parameter)) return false;
  let resolved = parameter;
  if (typeof parameter['$ref'] === 'string') {
    const { section, name } = refTarget(parameter['$ref']);
    const sectionObject = context.upstreamComponents[section];
    resolved = isObject(sectionObject) && isObject(sectionObject[name]) ? sectionObject[name] : {};
  }
  return resolved['in'] === 'header' && String(resolved['name']).toLowerCase() === 'authorization';
}

/** Responses every BFF operation documents, whatever the upstream said. */
function addBffResponses(operation: Obj, responses: Obj): void {
  const add = (status: string, component: string) => {
    if (!(status in responses)) responses[status] = { $ref: `#/components/responses/${component}` };
  };
  if (!allowsAnonymous(operation['security'])) add('401', 'Unauthorized');
  add('403', 'Forbidden'); // CSRF and Origin checks apply to every operation.
  // A feature switched off, or a login page's operation under hideTenantLogin. (The values are
  // checked for the whole document at the end, with the path in the message.)
  const feature = operation['x-feature'];
  if ((feature !== undefined && feature !== NO_FEATURE) || operation['x-login-area'] === true) add('404', 'NotFound');
  if (typeof operation['x-bot-protection'] === 'string') {
    add('403', 'Forbidden');
    add('429', 'TooManyRequests'); // public forms are rate-limited per client IP
    add('503', 'BotCheckUnavailable');
  }
  add('5XX', 'ServerError');
}

function finishOperation(operation: Obj, responses: Obj): Obj {
  addBffResponses(operation, responses);
  const sorted = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => compareStatus(a, b)));
  return orderKeys({ ...operation, responses: sorted }, OPERATION_KEY_ORDER);
}

function deriveUpstreamOperation(operation: Obj, where: string, context: Context): Obj {
  const parameters = parametersOf(operation);
  const responses: Obj = {};
  for (const [status, response] of Object.entries(asObject(operation['responses'], `${where} responses`))) {
    const responseObject = asObject(response, `${where} ${status}`);
    if (typeof responseObject['$ref'] === 'string') {
      const { name } = refTarget(responseObject['$ref']);
      (isErrorStatus(status) ? context.errorResponses : context.successResponses).add(name);
      responses[status] = responseObject;
    } else {
      responses[status] = isErrorStatus(status) ? toErrorResponse(responseObject) : responseObject;
    }
  }
  if (parameters.some((parameter) => isObject(parameter) && parameter['$ref'] === IDEMPOTENCY_KEY_REF)) {
    declareReplayHeader(responses, where);
  }
  const botForm = BOT_PROTECTED_UPSTREAM_OPERATIONS[String(operation['operationId'])];
  const derived: Obj = {
    ...operation,
    // The pages that need a login (docs/product.md §2) and that `hideTenantLogin` hides: every
    // operation that needs a session, except the staff area's.
    ...(allowsAnonymous(operation['security']) || operation['x-staff'] === true ? {} : { 'x-login-area': true }),
    ...(botForm ? { 'x-bot-protection': botForm } : {}),
    security: mapSecurity(operation['security'], where),
    parameters: [
      { $ref: '#/components/parameters/CsrfHeader' },
      ...(botForm ? [{ $ref: '#/components/parameters/BotTokenHeader' }] : []),
      ...parameters.filter((parameter) => !isAuthorizationHeader(parameter, context)),
    ],
  };
  return finishOperation(derived, responses);
}

const IDEMPOTENCY_KEY_REF = '#/components/parameters/IdempotencyKey';

/**
 * An operation that takes `Idempotency-Key` answers a repeat with the first result and
 * `Idempotent-Replayed: true`, which the BFF forwards: its success answers declare the header.
 */
function declareReplayHeader(responses: Obj, where: string): void {
  for (const [status, response] of Object.entries(responses)) {
    if (!/^2/.test(status)) continue;
    const object = asObject(response, `${where} ${status}`);
    if (typeof object['$ref'] === 'string')
      throw new Error(`${where} ${status}: cannot declare Idempotent-Replayed on a $ref`);
    const headers = isObject(object['headers']) ? object['headers'] : {};
    responses[status] = {
      ...object,
      headers: { ...headers, 'Idempotent-Replayed': { $ref: '#/components/headers/IdempotentReplayed' } },
    };
  }
}

/** An operation's own parameter list (objects or `$ref`s), empty when it has none. */
function parametersOf(operation: Obj): unknown[] {
  const parameters: unknown = operation['parameters'];
  return Array.isArray(parameters) ? (parameters as unknown[]) : [];
}

function deriveOwnOperation(operation: Obj): Obj {
  const parameters = parametersOf(operation);
  const botHeader =
    typeof operation['x-bot-protection'] === 'string' ? [{ $ref: '#/components/parameters/BotTokenHeader' }] : [];
  const derived: Obj = {
    ...operation,
    parameters: [{ $ref: '#/components/parameters/CsrfHeader' }, ...botHeader, ...parameters],
  };
  return finishOperation(derived, {
    ...asObject(operation['responses'], `${String(operation['operationId'])} responses`),
  });
}

/** Copies every component reachable from `root`, preferring the BFF's own definitions. */
function collectComponents(root: Obj, context: Context): Obj {
  const components: Record<string, Obj> = {};
  const pending = new Set<string>();
  collectRefs(root, pending);
  // Security requirements name their schemes without a $ref.
  for (const scheme of collectSecuritySchemes(root)) pending.add(`#/components/securitySchemes/${scheme}`);
  const done = new Set<string>();
  while (pending.size > 0) {
    const ref = pending.values().next().value as string;
    pending.delete(ref);
    if (done.has(ref)) continue;
    done.add(ref);
    const { section, name } = refTarget(ref);
    const own = context.ownComponents[section];
    const upstream = context.upstreamComponents[section];
    let value: unknown;
    if (isObject(own) && name in own) {
      value = own[name];
    } else if (isObject(upstream) && name in upstream) {
      value = upstream[name];
      if (section === 'responses' && context.errorResponses.has(name)) {
        if (context.successResponses.has(name))
          throw new Error(`Response component ${name} is used for success and error`);
        value = toErrorResponse(asObject(value, ref));
      }
    } else {
      throw new Error(`Unresolvable $ref "${ref}"`);
    }
    (components[section] ??= {})[name] = value;
    const nested = new Set<string>();
    collectRefs(value, nested);
    for (const next of nested) if (!done.has(next)) pending.add(next);
  }
  const ordered: Obj = {};
  for (const section of [...COMPONENT_SECTION_ORDER, ...Object.keys(components).sort(byKey)]) {
    const entries = components[section];
    if (entries && !(section in ordered)) {
      ordered[section] = Object.fromEntries(Object.entries(entries).sort(([a], [b]) => byKey(a, b)));
    }
  }
  return ordered;
}

/** Builds the bff document from the parsed upstream document and bff-own-operations.yaml. */
export function deriveBffDocument(upstream: Obj, own: Obj): Obj {
  const context: Context = {
    upstreamComponents: asObject(upstream['components'] ?? {}, 'upstream components'),
    ownComponents: asObject(own['components'] ?? {}, 'own components'),
    errorResponses: new Set(),
    successResponses: new Set(),
  };
  const allowed = new Set<string>(ALLOWED_UPSTREAM_OPERATIONS);
  const replaced = new Set<string>(REPLACED_UPSTREAM_OPERATIONS);
  const seen = new Set<string>();
  const usedTags = new Set<string>();
  const paths: Record<string, Obj> = {};

  for (const [path, rawItem] of Object.entries(asObject(upstream['paths'], 'upstream paths'))) {
    const pathItem = asObject(rawItem, path);
    const derivedItem: Obj = {};
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (!isObject(operation)) continue;
      const id = String(operation['operationId']);
      seen.add(id);
      if (replaced.has(id)) continue;
      if (!allowed.has(id)) {
        throw new Error(`Upstream operation ${id} is neither allowlisted nor replaced: decide in derive-bff.ts`);
      }
      derivedItem[method] = deriveUpstreamOperation(operation, `${method.toUpperCase()} ${path}`, context);
      for (const tag of (operation['tags'] as string[] | undefined) ?? []) usedTags.add(tag);
    }
    if (Object.keys(derivedItem).length === 0) continue;
    if (pathItem['parameters'] !== undefined) derivedItem['parameters'] = pathItem['parameters'];
    paths[path] = orderKeys(derivedItem, ['parameters', ...METHODS]);
  }
  for (const id of Object.keys(BOT_PROTECTED_UPSTREAM_OPERATIONS)) {
    if (!allowed.has(id)) throw new Error(`derive-bff.ts protects ${id}, which is not allowlisted`);
  }
  for (const id of [...allowed, ...replaced]) {
    if (!seen.has(id)) throw new Error(`derive-bff.ts lists ${id}, which upstream.yaml does not define`);
  }

  for (const [path, rawItem] of Object.entries(asObject(own['paths'], 'own paths'))) {
    if (path in paths) throw new Error(`Own path ${path} collides with an upstream path`);
    const pathItem = asObject(rawItem, path);
    const derivedItem: Obj = {};
    for (const method of METHODS) {
      if (isObject(pathItem[method])) derivedItem[method] = deriveOwnOperation(pathItem[method]);
    }
    paths[path] = derivedItem;
  }

  const sortedPaths = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => byKey(a, b)));
  const ownTags = (own['tags'] as Obj[] | undefined) ?? [];
  const ownTagNames = new Set(ownTags.map((tag) => tag['name']));
  const upstreamTags = ((upstream['tags'] as Obj[] | undefined) ?? []).filter(
    (tag) => usedTags.has(String(tag['name'])) && !ownTagNames.has(tag['name']),
  );

  const document = {
    openapi: upstream['openapi'],
    info: own['info'],
    servers: own['servers'],
    tags: [...ownTags, ...upstreamTags],
    paths: sortedPaths,
    components: collectComponents(sortedPaths, context),
  };
  // Every operation names its feature or `none` (src/features.ts): a new one without fails here.
  assertFeatureDeclarations(document, 'bff.yaml');
  return document;
}

const HEADER = `# GENERATED by openapi/scripts/derive-bff.ts from upstream.yaml and scripts/bff-own-operations.yaml.
# Do not edit by hand: change those files and run \`pnpm generate\`.
`;

/** The bff.yaml text for the given source texts. */
export function deriveBffYaml(upstreamYaml: string, ownYaml: string): string {
  const document = deriveBffDocument(
    asObject(parse(upstreamYaml), 'upstream.yaml'),
    asObject(parse(ownYaml), 'bff-own-operations.yaml'),
  );
  // lineWidth 0: never fold long descriptions, so a small wording change stays a one-line diff.
  return HEADER + stringify(document, { lineWidth: 0 });
}

function main(argv: string[]): void {
  const scriptsDir = fileURLToPath(new URL('.', import.meta.url));
  const outIndex = argv.indexOf('--out');
  const outFile =
    outIndex >= 0 && argv[outIndex + 1] ? resolve(argv[outIndex + 1] as string) : resolve(scriptsDir, '../bff.yaml');
  const text = deriveBffYaml(
    readFileSync(resolve(scriptsDir, '../upstream.yaml'), 'utf8'),
    readFileSync(resolve(scriptsDir, 'bff-own-operations.yaml'), 'utf8'),
  );
  if (argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(outFile, 'utf8');
    } catch {
      // A missing file is drift like any other.
    }
    if (current !== text) {
      console.error(`${outFile} is out of date: run \`pnpm generate\`.`);
      process.exitCode = 1;
    }
    return;
  }
  writeFileSync(outFile, text);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2));
}
