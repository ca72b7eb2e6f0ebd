/**
 * File transfers through the same client as every other call: uploads (multipart, with
 * progress) and downloads (a Blob and its file name). Both go through the client's middleware,
 * so they use its base URL, send `X-CSRF: 1` and turn every non-2xx answer into an `ApiError`.
 */
import { parse as parseContentDisposition } from 'content-disposition';
import type { MaybeOptionalInit, MethodResponse } from 'openapi-fetch';
import { clientFetch } from './client-fetch.js';
import type { ApiClient, ClientPaths, InitArgs } from './client.js';

/** Czech message for an upload that answered 2xx without the stored files (docs/product.md §5). */
export const EMPTY_UPLOAD_MESSAGE = 'Nepodařilo se nahrát přílohu.';

/** Thrown when an upload answered 2xx but not a non-empty list of the stored files. */
export class EmptyUploadError extends Error {
  override name = 'EmptyUploadError';
  constructor() {
    super(EMPTY_UPLOAD_MESSAGE);
  }
}

/** POST paths that take a multipart body (attachment uploads, the statement import). */
export type MultipartPath = {
  [Path in keyof ClientPaths]: ClientPaths[Path] extends {
    post: { requestBody: { content: { 'multipart/form-data': unknown } } };
  }
    ? Path
    : never;
}[keyof ClientPaths];

/** POST paths that take files as a multipart body (the attachment uploads). */
export type UploadPath = {
  [Path in MultipartPath]: ClientPaths[Path] extends {
    post: { requestBody: { content: { 'multipart/form-data': { files: unknown } } } };
  }
    ? Path
    : never;
}[MultipartPath];

type MultipartBody<Path extends MultipartPath> = ClientPaths[Path] extends {
  post: { requestBody: { content: { 'multipart/form-data': infer Body } } };
}
  ? Body
  : never;

/**
 * The parts of a multipart body as a caller gives them. In the contract a binary part is a
 * string (`contentMediaType`): the caller gives a File, or Files for a list of them; any other
 * part is a JSON value, sent as JSON text in a plain field.
 */
export type MultipartParts<Body> = {
  [Name in keyof Body]: NonNullable<Body[Name]> extends string
    ? File
    : NonNullable<Body[Name]> extends readonly string[]
      ? readonly File[]
      : Body[Name];
};

/** GET paths that answer a file to save (they send `Content-Disposition`). */
export type DownloadPath = {
  [Path in keyof ClientPaths]: ClientPaths[Path] extends {
    get: { responses: { 200: { headers: { 'Content-Disposition': unknown } } } };
  }
    ? Path
    : never;
}[keyof ClientPaths];

export type UploadInit<Path extends UploadPath> = Omit<MaybeOptionalInit<ClientPaths[Path], 'post'>, 'body'> & {
  /** Sent as one `files` part each, under their own names. */
  files: readonly File[];
  /** The fraction of the body sent so far, 0 to 1; 1 once the server has stored the files. */
  onProgress?: (fraction: number) => void;
};

export type MultipartInit<Path extends MultipartPath> = Omit<MaybeOptionalInit<ClientPaths[Path], 'post'>, 'body'> & {
  parts: MultipartParts<MultipartBody<Path>>;
  /** The fraction of the body sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
};

/** What a multipart call answers when it succeeds (its 2xx JSON), or null for an answer that is not JSON. */
export type MultipartResult<Path extends MultipartPath> = MethodResponse<ApiClient, 'post', Path> | null;

/** What an upload answers: the stored files. */
export type UploadResult<Path extends UploadPath> = MethodResponse<ApiClient, 'post', Path>;

export type DownloadInitArgs<Path extends DownloadPath> = InitArgs<MaybeOptionalInit<ClientPaths[Path], 'get'>>;

export interface DownloadedFile {
  blob: Blob;
  /** The name from `Content-Disposition` (`filename*` preferred), or null when it names none. */
  fileName: string | null;
}

// Forwarding a generic path and init is sound, but TypeScript cannot relate them to the
// client's own inference, hence the widened signatures for these calls.
type LooseCall = (url: string, init?: unknown) => Promise<{ data?: unknown; response: Response }>;
type LooseUpload = (client: ApiClient, path: string, init: unknown) => Promise<unknown>;

/**
 * Sends `parts` as `multipart/form-data` with upload progress and answers the parsed 2xx JSON
 * (null when the answer is not JSON). Throws `ApiError` for a non-2xx answer or no answer. The
 * one way the web app sends a multipart body: `uploadFiles` is this with the `files` parts.
 *
 * In a browser the request goes out through XMLHttpRequest: fetch reports no upload progress
 * except with streamed bodies, which only Chromium sends and only over HTTP/2. XHR also sends
 * the Content-Length the BFF requires before it streams an upload on (it answers 411 without
 * one). Where there is no XMLHttpRequest (Node.js), the client's own fetch sends the encoded
 * body as a stream with its Content-Length, counting the bytes as they go.
 */
export async function uploadMultipart<Path extends MultipartPath>(
  client: ApiClient,
  path: Path,
  init: MultipartInit<Path>,
): Promise<MultipartResult<Path>> {
  const { parts, onProgress, ...rest } = init;
  const form = new FormData();
  for (const [name, value] of Object.entries(parts as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    if (value instanceof File) form.append(name, value, value.name);
    else if (Array.isArray(value) && value.every((item) => item instanceof File)) {
      for (const file of value) form.append(name, file, file.name);
    } else form.append(name, JSON.stringify(value));
  }
  const { data } = await (client.POST as LooseCall)(path, {
    ...rest,
    body: form,
    bodySerializer: (body: FormData) => body,
    // Read as text: a 2xx answer that is not JSON is the caller's to judge, not a parse error.
    parseAs: 'text',
    fetch:
      typeof XMLHttpRequest === 'function'
        ? xhrFetch(form, onProgress)
        : streamingFetch(clientFetch(client), onProgress),
  });
  try {
    return typeof data === 'string' && data !== '' ? (JSON.parse(data) as MultipartResult<Path>) : null;
  } catch {
    return null;
  }
}

/**
 * Uploads `files` as `multipart/form-data` and answers the stored files. Throws `ApiError` for a
 * non-2xx answer or no answer, and `EmptyUploadError` when a 2xx answer lists no stored file.
 */
export async function uploadFiles<Path extends UploadPath>(
  client: ApiClient,
  path: Path,
  init: UploadInit<Path>,
): Promise<UploadResult<Path>> {
  const { files, onProgress, ...rest } = init;
  const stored: unknown = await (uploadMultipart as LooseUpload)(client, path, {
    ...rest,
    parts: { files },
    onProgress,
  });
  if (!Array.isArray(stored) || stored.length === 0) throw new EmptyUploadError();
  onProgress?.(1);
  return stored as UploadResult<Path>;
}

/**
 * Downloads a file. A plain link cannot do this: every API request must carry the CSRF header,
 * which a browser navigation never sends. Throws `ApiError` like every other call.
 */
export async function downloadFile<Path extends DownloadPath>(
  client: ApiClient,
  path: Path,
  ...[init]: DownloadInitArgs<Path>
): Promise<DownloadedFile> {
  const { data, response } = await (client.GET as LooseCall)(path, { ...init, parseAs: 'blob' });
  // openapi-fetch answers no data for an empty body: that is an empty file.
  const blob = data instanceof Blob ? data : new Blob([]);
  return { blob, fileName: fileNameOf(response.headers.get('Content-Disposition')) };
}

function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const name = parseContentDisposition(header).parameters.filename;
  return name ? name : null;
}

const BODILESS_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * A `fetch` for one call that sends `form` through XMLHttpRequest, reporting upload progress.
 * It takes the address, method and headers (CSRF, idempotency key…) from the request the client
 * built, and the body from `form` itself: the request's own copy is a stream XHR cannot send.
 */
function xhrFetch(form: FormData, onProgress?: (fraction: number) => void): typeof fetch {
  return (input) =>
    new Promise<Response>((resolve, reject) => {
      const request = input instanceof Request ? input : new Request(input);
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      request.headers.forEach((value, name) => {
        // XHR writes the multipart type with its own boundary.
        if (name !== 'content-type') xhr.setRequestHeader(name, value);
      });
      xhr.responseType = 'text';
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
      };
      // fetch's own failure, which the client's middleware words as a network error.
      xhr.onerror = () => reject(new TypeError('Network request failed'));
      xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
      xhr.onload = () => {
        const headers = new Headers();
        for (const line of xhr
          .getAllResponseHeaders()
          .trim()
          .split(/[\r\n]+/)) {
          const colon = line.indexOf(':');
          if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
        }
        const body = BODILESS_STATUSES.has(xhr.status) ? null : xhr.responseText;
        resolve(new Response(body, { status: xhr.status, statusText: xhr.statusText, headers }));
      };
      if (request.signal.aborted) {
        reject(new DOMException('The upload was aborted.', 'AbortError'));
        return;
      }
      request.signal.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(form);
    });
}

/** The size of the pieces a streamed upload is sent (and its progress reported) in. */
const UPLOAD_CHUNK_BYTES = 64 * 1024;

/**
 * A `fetch` for one call that sends the request's multipart body through `send` (the client's
 * own fetch, which outside a browser carries the cookie jar) as a stream, reporting progress.
 * The body is encoded in memory first: its length must be known, as the BFF answers 411 to an
 * upload without a Content-Length, and uploads are capped well below what memory holds.
 */
function streamingFetch(send: typeof fetch, onProgress?: (fraction: number) => void): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    // The request's own Content-Type names the boundary of exactly these bytes.
    const bytes = new Uint8Array(await request.arrayBuffer());
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= bytes.length) {
          controller.close();
          return;
        }
        const chunk = bytes.subarray(sent, sent + UPLOAD_CHUNK_BYTES);
        sent += chunk.length;
        controller.enqueue(chunk);
        if (bytes.length > 0) onProgress?.(sent / bytes.length);
      },
    });
    const headers = new Headers(request.headers);
    headers.set('content-length', String(bytes.length));
    // `duplex` is what a streamed request body requires; the DOM library does not know it yet.
    const streamed: RequestInit & { duplex: 'half' } = {
      method: request.method,
      headers,
      body,
      signal: request.signal,
      duplex: 'half',
    };
    return send(request.url, streamed);
  };
}
