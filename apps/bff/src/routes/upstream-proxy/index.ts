import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { fastifySchemaFor, listOperations, loadDocument, type OperationInfo } from '@portal/openapi/documents';
import { botFormOf } from '../../bot-protection/bot-forms.js';
import { BffError, errorMessages, type ErrorBody } from '../../http/errors.js';
import { featureGate, tenantSelectionAvailable } from '../../http/feature-gate.js';
import { isOwnOperationPath } from '../../http/own-operations.js';
import { endUserSessions } from '../../sessions/end-user-sessions.js';
import { normaliseTenantId, type ActiveSession } from '../../sessions/session-manager.js';
import type { UpstreamMethod } from '../../upstream/upstream-client.js';
import { upstreamErrorBody } from '../../upstream/upstream-errors.js';

/** Upload limit for streamed multipart bodies (Fastify's bodyLimit does not see them). */
export const MULTIPART_BODY_LIMIT_BYTES = 25 * 1024 * 1024;

/**
 * A forwarded operation's request: its parameters and query, validated by the operation's own
 * schema, are passed on by name, whatever the operation.
 */
interface ForwardedRoute {
  Params: Record<string, string | number>;
  Querystring: Record<string, unknown>;
}
type ForwardedRequest = FastifyRequest<ForwardedRoute>;

/** Response headers of the upstream that the browser may see; everything else is dropped. */
const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'content-disposition',
  'x-total-count',
  'etag',
  'last-modified',
  // A repeated create (same Idempotency-Key) answered with the first result says so.
  'idempotent-replayed',
];

/**
 * The allowlisted upstream operations: exactly the `/api/v1/...` operations of bff.yaml, each
 * registered as its own route with the document's schemas, so anything else is a 404 before
 * the upstream sees it and bad input is a 400 with Czech field messages.
 *
 * The upstream request is built afresh: the fixed path template with encoded parameters, the
 * validated query, and only the headers the upstream needs (the session's bearer token, the
 * tenant, the request id, an idempotency key, an `If-Match` version). Operations marked
 * `x-staff` are forwarded only for a staff member's session (403 `staff_only` otherwise). The browser's cookies, Authorization and
 * hop-by-hop headers never travel on, and only allowlisted response headers come back.
 */
export const upstreamProxyRoutes: FastifyPluginAsync = async (app) => {
  const { config, sessions, upstream, upstreamAuth, botProtection, accessCodeGuard, uploadQuota } = app;
  const publicFormsPerMinute = config.rateLimits.publicFormsPerMinute;

  /**
   * What the BFF does after an operation succeeded, besides answering. A password change: the
   * upstream revokes the user's other refresh-token families (upstream.yaml changeMyPassword),
   * and the user's other BFF sessions end at once here rather than at their next renewal (their
   * access tokens would otherwise keep working for minutes); the current session stays.
   */
  const afterSuccess: Partial<Record<string, (session: ActiveSession, request: FastifyRequest) => Promise<unknown>>> = {
    changeMyPassword: (session, request) =>
      endUserSessions(sessions.store, upstreamAuth, String(session.record.user.id), {
        requestId: request.id,
        log: request.log,
        except: session.id,
      }),
  };
  const document = loadDocument('bff') as { paths?: Record<string, Record<string, { security?: unknown[] }>> };

  // Multipart bodies are streamed to the upstream unparsed, counted on the way.
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));

  for (const operation of listOperations('bff')) {
    if (isOwnOperationPath(operation.path)) continue;
    const schema = fastifySchemaFor('bff', operation.operationId);
    const isPublic = allowsAnonymous(document.paths?.[operation.path]?.[operation.method]?.security);
    // `x-staff`: the building operator's own work (the staff area), never a tenant's or a guest's.
    const staffOnly = operation.staff;
    const botForm = botFormOf(operation.path, operation.method);
    const accessCode = usesAccessCode(schema.headers);
    // Public forms and uploads authorised by an access code: a per-IP limit, like the forms.
    const rateLimited = botForm !== null || (accessCode && operation.method !== 'get');
    // Switched off (`x-feature`, `x-login-area` under hideTenantLogin): 404 before anything else.
    const gate = featureGate(operation, config);
    const preHandlers: Array<(request: FastifyRequest) => Promise<void>> = [];
    // The code travels in `X-Access-Code`; an old client's `?code=` is moved there first.
    const preValidation = accessCode
      ? async (request: FastifyRequest) => {
          takeAccessCode(request as ForwardedRequest, schema.querystring !== undefined);
        }
      : undefined;
    // A client that has guessed too many codes is refused before its bot token is spent.
    if (accessCode) {
      preHandlers.push(async (request) => {
        await accessCodeGuard.assertAllowed(request.ip);
      });
    }
    // The token check after validation, so a typo keeps the token.
    if (botForm) {
      preHandlers.push(async (request) => {
        await botProtection.check(request, botForm);
      });
    }

    app.route<ForwardedRoute>({
      method: operation.method.toUpperCase(),
      url: operation.fastifyPath,
      // HEAD would otherwise be added for every GET and reach the upstream unlisted.
      exposeHeadRoute: false,
      schema: {
        ...(schema.params ? { params: schema.params } : {}),
        ...(schema.querystring ? { querystring: schema.querystring } : {}),
        ...(schema.body ? { body: schema.body } : {}),
      },
      // Everything here happens before the upstream sees anything.
      ...(rateLimited ? { config: { rateLimit: { max: publicFormsPerMinute, timeWindow: 60_000 } } } : {}),
      ...(gate ? { onRequest: gate } : {}),
      ...(preValidation ? { preValidation } : {}),
      ...(preHandlers.length > 0 ? { preHandler: preHandlers } : {}),
      handler: (request, reply) => forward(operation, { isPublic, accessCode, staffOnly }, request, reply),
    });
  }

  async function forward(
    operation: OperationInfo,
    { isPublic, accessCode, staffOnly }: { isPublic: boolean; accessCode: boolean; staffOnly: boolean },
    request: ForwardedRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply> {
    assertContentType(operation, request);

    const session = isPublic
      ? await optionalSession(request, reply)
      : await sessions.require(request, reply, { touch: true });
    // The upstream refuses a tenant's token too; refusing here keeps a tenant's browser from
    // reaching the staff operations at all, and tells the role the session was started with.
    if (staffOnly && session?.record.user.is_staff !== true) {
      throw new BffError(403, 'staff_only', errorMessages.staffOnly);
    }

    const headers: Record<string, string> = {
      accept: typeof request.headers.accept === 'string' ? request.headers.accept : 'application/json',
      'x-request-id': request.id,
      // The client's address as the BFF determined it (never what the browser claimed): the
      // upstream scopes anonymous idempotent answers by it.
      'x-forwarded-for': request.ip,
    };
    if (session) headers.authorization = `Bearer ${session.record.accessToken}`;
    if (operation.tenantScoped && session) {
      const tenantId = resolveTenant(request, session, {
        required: !isPublic,
        selectionAvailable: tenantSelectionAvailable(config),
      });
      if (tenantId) headers['x-tenant-id'] = tenantId;
    }
    const idempotencyKey = request.headers['idempotency-key'];
    if (typeof idempotencyKey === 'string' && idempotencyKey.length > 0 && idempotencyKey.length <= 200) {
      headers['idempotency-key'] = idempotencyKey;
    }
    // Versioned updates (the staff operations): the ETag the browser read goes back as If-Match,
    // so the upstream answers 412 instead of overwriting another's change.
    const ifMatch = request.headers['if-match'];
    if (typeof ifMatch === 'string' && ifMatch.length > 0 && ifMatch.length <= 200) {
      headers['if-match'] = ifMatch;
    }

    let body: string | Transform | undefined;
    const contentType = request.headers['content-type'];
    if (contentType?.startsWith('multipart/form-data')) {
      headers['content-type'] = contentType;
      const declared = declaredUploadLength(request);
      // An anonymous upload (public support attachments): the client's daily volume, taken
      // before any byte goes upstream.
      if (isPublic) await uploadQuota.take(request.ip, declared);
      body = limitedStream(request);
    } else if (request.body !== undefined && operation.method !== 'get') {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.body);
    }

    const response = await upstream.request({
      method: operation.method.toUpperCase() as UpstreamMethod,
      path: upstreamPath(
        operation,
        request,
        // The upstream contract keeps the code in the query: `?code=` on the upstream call only.
        accessCode ? { code: String(request.headers[ACCESS_CODE_HEADER]) } : undefined,
      ),
      headers,
      ...(body === undefined ? {} : { body }),
      idempotent: headers['idempotency-key'] !== undefined,
    });

    if (response.statusCode >= 400) {
      const text = await response.body.text().catch(() => '');
      // A wrong code and an unknown id answer the same 404 upstream: both are a failed guess.
      if (accessCode && response.statusCode === 404) await accessCodeGuard.recordFailure(request.ip);
      if (response.statusCode === 401 && session) {
        // The token was fresh, so the upstream has revoked it: the session is over.
        await sessions.end(session.id, reply);
        throw new BffError(401, 'session_expired', errorMessages.sessionExpired);
      }
      const { statusCode, body: errorBody } = upstreamErrorBody(response.statusCode, text);
      return reply.code(statusCode).send(errorBody satisfies ErrorBody);
    }

    if (!answersDocumentedType(operation, response.statusCode, response.headers['content-type'])) {
      // An HTML error page or other nonsense from something in front of the upstream.
      await response.body.dump().catch(() => undefined);
      request.log.warn(
        { event: 'upstream_bad_response', status: response.statusCode },
        'undocumented upstream content type',
      );
      throw new BffError(502, 'upstream_bad_response', errorMessages.upstreamBadResponse);
    }
    const after = session ? afterSuccess[operation.operationId] : undefined;
    if (after && session) {
      try {
        await after(session, request);
      } catch (error) {
        // The operation itself succeeded and must be answered as such; the upstream has done its
        // part (revoked the other refresh tokens), so those sessions still end at their next renewal.
        request.log.error(
          { err: error, event: 'after_success_failed', operation: operation.operationId },
          'follow-up of a successful operation failed',
        );
      }
    }
    reply.code(response.statusCode);
    for (const name of FORWARDED_RESPONSE_HEADERS) {
      const value = response.headers[name];
      if (value !== undefined) reply.header(name, value);
    }
    return reply.send(response.body);
  }

  async function optionalSession(request: FastifyRequest, reply: FastifyReply): Promise<ActiveSession | null> {
    if (!(await sessions.read(request))) return null;
    return sessions.require(request, reply, { touch: true });
  }
};

/**
 * `X-Tenant-ID`: an explicit request header wins, but only for a tenant in the user's access
 * list; otherwise the session's selected tenant. Anything else is refused here, before the
 * upstream is called. An operation that needs a tenant and has none answers 409. Without the
 * tenant selection (`tenantLogin` off or `hideTenantLogin` on) no tenant is acted for: not the
 * one selected or remembered before, not an explicit one.
 */
export function resolveTenant(
  request: FastifyRequest,
  session: ActiveSession,
  { required, selectionAvailable = true }: { required: boolean; selectionAvailable?: boolean },
): string | null {
  if (!selectionAvailable) {
    if (required) throw new BffError(409, 'tenant_required', errorMessages.tenantRequired);
    return null;
  }
  const explicit = request.headers['x-tenant-id'];
  const requested = normaliseTenantId(Array.isArray(explicit) ? explicit[0] : explicit);
  if (requested !== null) {
    if (!session.record.tenants.some((tenant) => tenant.id === requested)) {
      throw new BffError(403, 'tenant_forbidden', errorMessages.tenantForbidden);
    }
    return requested;
  }
  const selected = normaliseTenantId(session.record.selectedTenantId);
  // Public operations work without a tenant (the upstream then answers what anyone may see).
  if (selected === null && required) throw new BffError(409, 'tenant_required', errorMessages.tenantRequired);
  return selected;
}

/** The header that carries a public support request's access code (bff.yaml `AccessCode`). */
const ACCESS_CODE_HEADER = 'x-access-code';
const ACCESS_CODE_MAX_LENGTH = 64;

/** Operations authorised by an access code in `X-Access-Code` (public support requests). */
function usesAccessCode(headers: unknown): boolean {
  const properties = (headers as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties !== undefined && Object.hasOwn(properties, ACCESS_CODE_HEADER);
}

/**
 * The access code of a request: `X-Access-Code`, or for clients from before the header a
 * `?code=` in the address (deprecated; the header wins when both are sent; docs/security.md).
 * The query's code (and, when the operation declares no query, anything else in it) is
 * removed, so nothing is forwarded as it came: the code reaches the upstream only as the
 * validated value. A missing or impossible code is a Czech 400 before the upstream.
 */
function takeAccessCode(request: ForwardedRequest, declaresQuery: boolean): void {
  const query = request.query as Record<string, unknown> | null | undefined;
  const legacy = query?.['code'];
  // Without a query schema nothing would strip the rest: nothing undeclared travels on.
  if (query) for (const name of Object.keys(query)) if (name === 'code' || !declaresQuery) delete query[name];
  let code = request.headers[ACCESS_CODE_HEADER];
  if (code === undefined && typeof legacy === 'string') code = legacy;
  if (typeof code !== 'string' || code.length === 0 || code.length > ACCESS_CODE_MAX_LENGTH) {
    throw new BffError(400, 'validation_error', errorMessages.validation, { code: errorMessages.accessCodeMissing });
  }
  request.headers[ACCESS_CODE_HEADER] = code;
}

function answersDocumentedType(
  operation: OperationInfo,
  status: number,
  contentType: string | string[] | undefined,
): boolean {
  if (status === 204 || status === 304 || operation.responseContentTypes.length === 0) return true;
  const value = Array.isArray(contentType) ? contentType[0] : contentType;
  if (value === undefined) return false;
  const mediaType = value.split(';')[0]?.trim().toLowerCase() ?? '';
  return operation.responseContentTypes.includes(mediaType);
}

function allowsAnonymous(security: unknown[] | undefined): boolean {
  if (!Array.isArray(security)) return false;
  return (
    security.length === 0 ||
    security.some(
      (requirement) => typeof requirement === 'object' && requirement !== null && Object.keys(requirement).length === 0,
    )
  );
}

function assertContentType(operation: OperationInfo, request: FastifyRequest): void {
  const contentType = request.headers['content-type'];
  if (contentType === undefined || operation.requestContentTypes.length === 0) return;
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!operation.requestContentTypes.includes(mediaType)) {
    throw new BffError(415, 'unsupported_media_type', errorMessages.unsupportedMediaType);
  }
}

/** The operation's own path template with the validated parameters, never the raw URL. */
function upstreamPath(
  operation: OperationInfo,
  request: ForwardedRequest,
  extraQuery?: Record<string, string>,
): string {
  const { params } = request;
  // Most list operations have no path parameters and no query: no regex, no URLSearchParams.
  const path = operation.path.includes('{')
    ? operation.path.replace(/\{([^}]+)\}/g, (_match: string, name: string) => encodeURIComponent(params[name] ?? ''))
    : operation.path;
  const queryValues: Record<string, unknown> = extraQuery ? { ...request.query, ...extraQuery } : request.query;
  let search = '';
  for (const name in queryValues) {
    const value = queryValues[name];
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      search += `${search ? '&' : '?'}${encodeQueryComponent(name)}=${encodeQueryComponent(String(item))}`;
    }
  }
  return path + search;
}

/** The encoding URLSearchParams applies (application/x-www-form-urlencoded), so upstreams see the same bytes. */
function encodeQueryComponent(value: string): string {
  return encodeURIComponent(value)
    .replace(/%20/g, '+')
    .replace(/[!'()~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The upload's declared length. Without one the limit could only be found after bytes had
 * gone upstream (411; browsers always declare it for FormData uploads); above the upload limit
 * it is refused at once (413).
 */
function declaredUploadLength(request: FastifyRequest): number {
  if (request.headers['content-length'] === undefined) {
    throw new BffError(411, 'length_required', errorMessages.lengthRequired);
  }
  const declared = Number(request.headers['content-length']);
  if (!Number.isFinite(declared) || declared > MULTIPART_BODY_LIMIT_BYTES) {
    throw new BffError(413, 'payload_too_large', errorMessages.payloadTooLarge);
  }
  return declared;
}

/**
 * Streams the request body on without buffering it: a declared length above the upload limit
 * is refused before the upstream is called, and the bytes are counted on the way in case the
 * declaration lies.
 */
function limitedStream(request: FastifyRequest): Transform {
  let received = 0;
  declaredUploadLength(request);
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      received += chunk.length;
      if (received > MULTIPART_BODY_LIMIT_BYTES) {
        callback(new BffError(413, 'payload_too_large', errorMessages.payloadTooLarge));
        return;
      }
      callback(null, chunk);
    },
  });
  pipeline(request.raw, counter).catch(() => undefined);
  return counter;
}
