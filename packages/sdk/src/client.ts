/**
 * The typed BFF client (openapi-fetch over the generated `paths`). It only produces typed
 * errors; what a 401 or a failed call means for the page (redirect, toast) is the UI's decision
 * (docs/architecture.md §6).
 */
import createClient, {
  type Client,
  type ClientPathsWithMethod,
  type MaybeOptionalInit,
  type MethodResponse,
  type Middleware,
} from 'openapi-fetch';
import { rememberClientFetch } from './client-fetch.js';
import type { components, paths } from './schema.gen.js';

export type ErrorBody = components['schemas']['ErrorBody'];
export type Session = components['schemas']['Session'];
export type Profile = components['schemas']['Profile'];
export type Tenant = components['schemas']['Tenant'];
export type RuntimeConfig = components['schemas']['RuntimeConfig'];
/** One of the user's active sessions (`listSessions`). */
export type ActiveSessionInfo = components['schemas']['ActiveSessionInfo'];

/** The static anti-CSRF header every BFF request carries (value `1`). */
export const CSRF_HEADER = 'X-CSRF';
const CSRF_VALUE = '1';

/** Czech fallback when the server gave no usable message. */
export const GENERIC_ERROR_MESSAGE = 'Došlo k neočekávané chybě.';
/** Czech message for a request that never got an answer (offline, DNS, connection reset). */
export const NETWORK_ERROR_MESSAGE = 'Nepodařilo se spojit se serverem. Zkontrolujte připojení k internetu.';

type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

/**
 * bff.yaml declares `X-CSRF` as a required header on every operation (so integrators see it),
 * but the client's middleware always sets it. Without this mapping every call would have to
 * pass `params: { header: { 'X-CSRF': '1' } }`; the remaining headers (X-Tenant-ID,
 * Idempotency-Key) are optional, so the header group becomes optional too.
 */
type WithoutCsrfHeader<Parameters> = Parameters extends { header: infer Header }
  ? Omit<Parameters, 'header'> & { header?: Omit<Header, typeof CSRF_HEADER> }
  : Parameters;
type WithoutCsrfOperation<Operation> = Operation extends { parameters: infer Parameters }
  ? Omit<Operation, 'parameters'> & { parameters: WithoutCsrfHeader<Parameters> }
  : Operation;
/** The generated `paths` as the client exposes them (see WithoutCsrfHeader). */
export type ClientPaths = {
  [Path in keyof paths]: {
    [Key in keyof paths[Path]]: Key extends HttpMethod ? WithoutCsrfOperation<paths[Path][Key]> : paths[Path][Key];
  };
};

export type ApiClient = Client<ClientPaths>;

export interface ApiClientOptions {
  /**
   * Defaults to '' (same origin): the documented paths already start with /api. Outside a
   * browser, the portal's origin (`https://portal.example.cz`).
   */
  baseUrl?: string;
  /** Outside a browser, a fetch that keeps the session cookie: `withCookieJar()` from `@portal/sdk/cookie-jar`. */
  fetch?: typeof fetch;
}

/**
 * Every non-2xx answer, as thrown by the client. `code`, `message` and `fields` come from the
 * BFF's `ErrorBody`, so an ApiError is itself a valid `ErrorBody` (which is what
 * openapi-react-query types its errors as).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  readonly code: string;
  /** Czech message per form field at fault; empty when no field is. */
  readonly fields: Record<string, string>;
  /** The parsed JSON body, the text of a non-JSON body, or null. */
  readonly body: unknown;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fields?: Record<string, string>;
    body?: unknown;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.body = init.body ?? null;
  }
}

function isErrorBody(value: unknown): value is ErrorBody {
  if (value === null || typeof value !== 'object') return false;
  const { code, message } = value as Record<string, unknown>;
  return typeof code === 'string' && typeof message === 'string' && message.length > 0;
}

function stringFields(value: unknown): Record<string, string> {
  if (value === null || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** Builds the ApiError for a non-2xx response; never throws itself, whatever the body is. */
export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // A body that cannot be read still yields an error with the status.
  }
  let body: unknown = text.length > 0 ? text : null;
  try {
    if (text.length > 0) body = JSON.parse(text) as unknown;
  } catch {
    // Not JSON (for example an HTML page from a proxy): keep the text for debugging.
  }
  if (isErrorBody(body)) {
    const fields = stringFields((body as { fields?: unknown }).fields);
    return new ApiError({ status: response.status, code: body.code, message: body.message, fields, body });
  }
  return new ApiError({
    status: response.status,
    code: `http_${response.status}`,
    message: GENERIC_ERROR_MESSAGE,
    body,
  });
}

const csrfMiddleware: Middleware = {
  onRequest({ request }) {
    request.headers.set(CSRF_HEADER, CSRF_VALUE);
    return request;
  },
};

const errorMiddleware: Middleware = {
  async onResponse({ response }) {
    if (!response.ok) throw await apiErrorFromResponse(response);
    return undefined;
  },
  onError({ error }) {
    // Our own ApiError and cancellations (React Query aborts stale requests) pass unchanged.
    if (error instanceof ApiError || (error instanceof Error && error.name === 'AbortError')) return error;
    return new ApiError({ status: 0, code: 'network_error', message: NETWORK_ERROR_MESSAGE, body: null });
  },
};

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const client = createClient<ClientPaths>({
    baseUrl: options.baseUrl ?? '',
    credentials: 'same-origin',
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use(csrfMiddleware, errorMiddleware);
  if (options.fetch) rememberClientFetch(client, options.fetch);
  return client;
}

/** GET paths whose success answer is a list (the ones that send X-Total-Count). */
export type ListPath = {
  [Path in ClientPathsWithMethod<ApiClient, 'get'>]: MethodResponse<ApiClient, 'get', Path> extends readonly unknown[]
    ? Path
    : never;
}[ClientPathsWithMethod<ApiClient, 'get'>];

export interface ListResult<Path extends ListPath> {
  items: MethodResponse<ApiClient, 'get', Path>;
  /** X-Total-Count: the number of matching items over all pages. */
  total: number;
}

type RequiredKeys<T> = { [Key in keyof T]-?: object extends Pick<T, Key> ? never : Key }[keyof T];
/** `[init]` as a rest parameter: optional unless the operation has required parameters. */
export type InitArgs<Init> = [RequiredKeys<Init>] extends [never] ? [init?: Init] : [init: Init];

/** The request options of a list GET (query, path params, headers, signal…). */
export type ListInit<Path extends ListPath> = MaybeOptionalInit<ClientPaths[Path], 'get'>;
export type ListInitArgs<Path extends ListPath> = InitArgs<ListInit<Path>>;

/**
 * A list GET with its `X-Total-Count`, which the query helpers (data only) cannot expose.
 * Falls back to the number of items when the header is missing.
 */
export async function fetchList<Path extends ListPath>(
  client: ApiClient,
  path: Path,
  ...[init]: ListInitArgs<Path>
): Promise<ListResult<Path>> {
  // Forwarding a generic path and init is sound, but TypeScript cannot relate them to GET's own
  // inference, hence the widened signature for this one call.
  const get = client.GET as (url: string, init?: unknown) => Promise<{ data?: unknown; response: Response }>;
  const { data, response } = await get(path, init);
  const items = (data ?? []) as MethodResponse<ApiClient, 'get', Path>;
  const header = Number.parseInt(response.headers.get('X-Total-Count') ?? '', 10);
  return { items, total: Number.isFinite(header) && header >= 0 ? header : (items as readonly unknown[]).length };
}
