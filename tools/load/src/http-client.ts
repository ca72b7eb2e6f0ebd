import { Agent, type Dispatcher } from 'undici';

/** One answer as the load sees it; `status` 0 means no answer at all (connection error, timeout). */
export interface Answer {
  status: number;
  /** Parsed JSON when the answer is JSON, else the text. */
  body: unknown;
  headers: Dispatcher.ResponseData['headers'];
  /** Request sent to last byte of the body read, in milliseconds. */
  ms: number;
  /** The error code when there was no answer (ECONNRESET, UND_ERR_HEADERS_TIMEOUT…). */
  error?: string;
}

export interface ClientOptions {
  origin: string;
  /** The set's self-signed certificate, trusted explicitly instead of switching verification off. */
  certificate: Buffer;
  /** Source address of this client's connections (127.x.y.z), so it counts as its own visitor. */
  localAddress?: string;
  /** HTTP/2 like a browser (nginx offers it over TLS); false for HTTP/1.1. */
  http2: boolean;
}

const REQUEST_TIMEOUT_MS = 30_000;
/**
 * nginx ends an HTTP/2 connection after 1000 requests (keepalive_requests) with a GOAWAY. A
 * browser then sends its next requests on a new connection; undici 7 instead fails the request
 * at the head of its queue, even one whose answer was arriving (client-h2.js,
 * onHttp2SessionGoAway: "we do not verify the valid stream id"). So the client moves to a fresh
 * connection itself a little before nginx's limit, and the figures show the portal's errors,
 * not the load generator's.
 */
const REQUESTS_PER_CONNECTION = 900;

/**
 * One simulated browser: its own connection(s), its own cookie jar, and the headers the SDK
 * sends on every API call (`X-CSRF: 1`, and the `Origin` a browser adds). Never throws: every
 * outcome is an Answer, so the caller records failures instead of crashing.
 */
export class BrowserClient {
  private agent: Agent;
  private requests = 0;
  private readonly cookies = new Map<string, string>();

  constructor(private readonly options: ClientOptions) {
    this.agent = this.newAgent();
  }

  private newAgent(): Agent {
    const { options } = this;
    return new Agent({
      allowH2: options.http2,
      // A browser keeps a handful of connections per origin; with HTTP/2 one is enough.
      connections: options.http2 ? 1 : 6,
      keepAliveTimeout: 60_000,
      // A client option, not a `connect` one: undici's connector takes it from the client.
      ...(options.localAddress ? { localAddress: options.localAddress } : {}),
      connect: { ca: options.certificate, servername: new URL(options.origin).hostname },
    });
  }

  private dispatcher(): Agent {
    this.requests += 1;
    if (this.options.http2 && this.requests % REQUESTS_PER_CONNECTION === 0) {
      const old = this.agent;
      this.agent = this.newAgent();
      // Lets the requests still running on the old connection finish.
      void old.close();
    }
    return this.agent;
  }

  async call(
    method: Dispatcher.HttpMethod,
    path: string,
    { json, headers = {} }: { json?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const requestHeaders: Record<string, string> = {
      accept: 'application/json',
      'x-csrf': '1',
      origin: this.options.origin,
      ...headers,
    };
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookie) requestHeaders.cookie = cookie;
    let body: string | undefined;
    if (json !== undefined) {
      body = JSON.stringify(json);
      requestHeaders['content-type'] = 'application/json';
    }
    const started = performance.now();
    try {
      const response = await this.dispatcher().request({
        origin: this.options.origin,
        path,
        method,
        headers: requestHeaders,
        body: body ?? null,
        headersTimeout: REQUEST_TIMEOUT_MS,
        bodyTimeout: REQUEST_TIMEOUT_MS,
      });
      this.remember(response.headers['set-cookie']);
      const text = await response.body.text();
      const ms = performance.now() - started;
      const type = String(response.headers['content-type'] ?? '');
      let parsed: unknown = text;
      if (type.includes('json') && text !== '') {
        try {
          parsed = JSON.parse(text);
        } catch {
          // Left as text: the checks report a JSON type with a body that is not JSON.
        }
      }
      return { status: response.statusCode, body: parsed, headers: response.headers, ms };
    } catch (error) {
      const code = (error as { code?: string }).code ?? (error as Error).name;
      return { status: 0, body: null, headers: {}, ms: performance.now() - started, error: code };
    }
  }

  /** Whether the jar holds a cookie (the session cookie after a log-in). */
  has(name: string): boolean {
    return this.cookies.has(name);
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  /** Keeps each cookie's latest value; an empty value or Max-Age=0 removes it (log-out). */
  private remember(setCookie: string | string[] | undefined): void {
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', raw = ''] = attribute.trim().split('=');
        if (key.toLowerCase() === 'max-age') return Number(raw) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(raw) <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
