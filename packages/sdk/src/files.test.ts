// @vitest-environment jsdom
// Uploads go through XMLHttpRequest, which Node lacks: jsdom's sends real requests, here to a
// real HTTP server on a free local port, so what arrives is what a browser would send.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse as parseContentDisposition } from 'content-disposition';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, CSRF_HEADER, createApiClient, NETWORK_ERROR_MESSAGE } from './client.js';
import { downloadFile, EMPTY_UPLOAD_MESSAGE, EmptyUploadError, uploadFiles, uploadMultipart } from './files.js';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  files: { name: string; text: string }[];
  /** Every part: its field name, file name (null for a plain field) and content type. */
  parts: { field: string; fileName: string | null; type: string | null; text: string }[];
}

type Answer = (response: ServerResponse) => void;

let server: Server;
let origin: string;
let received: Received[] = [];
let answer: Answer;

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The parts of a multipart body as a server reads them. Parsed by hand: the platform's FormData
 * reader refuses to run with jsdom's File in the global scope.
 */
function multipartParts(request: IncomingMessage, body: Buffer): Received['parts'] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(request.headers['content-type'] ?? '');
  if (!boundary) return [];
  const parts = body
    .toString('utf8')
    .split(`--${boundary[1] ?? boundary[2]}`)
    .slice(1, -1);
  return parts.map((part) => {
    const [head = '', ...content] = part.slice(2).split('\r\n\r\n');
    const lines = head.split('\r\n');
    const disposition = lines.find((line) => /^content-disposition:/i.test(line)) ?? '';
    const type = lines.find((line) => /^content-type:/i.test(line))?.replace(/^[^:]*:\s*/, '') ?? null;
    const { parameters } = parseContentDisposition(disposition.replace(/^[^:]*:/, ''), { multipart: true });
    return {
      field: parameters.name ?? '',
      fileName: parameters.filename ?? null,
      type,
      text: content.join('\r\n\r\n').slice(0, -2),
    };
  });
}

const json =
  (status: number, body: unknown): Answer =>
  (response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

const storedFiles = (names: string[]) =>
  names.map((name, index) => ({
    id: index + 1,
    file_name: name,
    content_type: 'text/plain',
    size: 5,
    created_at: '2026-11-22T08:00:00Z',
    download_url: `/api/v1/support_tickets/7/attachments/${index + 1}/`,
  }));

/**
 * jsdom's XHR runs on the test page's origin and applies CORS like a browser does, so the server
 * allows that origin, as a BFF on an origin of its own (`VITE_API_BASE_URL`) would.
 */
function allowCors(request: IncomingMessage, response: ServerResponse): boolean {
  response.setHeader('access-control-allow-origin', request.headers.origin ?? '*');
  if (request.method !== 'OPTIONS') return false;
  response.writeHead(204, {
    'access-control-allow-methods': 'GET, POST',
    'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '',
  });
  response.end();
  return true;
}

beforeAll(async () => {
  server = createServer((request, response) => {
    if (allowCors(request, response)) return;
    void readBody(request).then((body) => {
      const parts = multipartParts(request, body);
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        files: parts
          .filter((part) => part.field === 'files')
          .map((part) => ({ name: part.fileName ?? '', text: part.text })),
        parts,
      });
      answer(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  received = [];
  answer = json(500, { code: 'unexpected', message: 'No answer set.' });
});

const file = (name: string, text = 'obsah') => new File([text], name, { type: 'text/plain' });

describe('uploadFiles', () => {
  it('sends each file as a `files` part with its name, the CSRF header and a Content-Length', async () => {
    answer = json(201, storedFiles(['závada.txt', 'b.txt']));
    const progress: number[] = [];
    const client = createApiClient({ baseUrl: origin });

    const stored = await uploadFiles(client, '/api/v1/support_tickets/{id}/attachments/', {
      params: { path: { id: 7 } },
      files: [file('závada.txt', 'kape to'), file('b.txt')],
      onProgress: (fraction) => progress.push(fraction),
    });

    expect(stored.map((attachment) => attachment.file_name)).toEqual(['závada.txt', 'b.txt']);
    const [request] = received;
    expect(request).toMatchObject({ method: 'POST', url: '/api/v1/support_tickets/7/attachments/' });
    expect(request?.headers[CSRF_HEADER.toLowerCase()]).toBe('1');
    expect(Number(request?.headers['content-length'])).toBeGreaterThan(0);
    expect(request?.files).toEqual([
      { name: 'závada.txt', text: 'kape to' },
      { name: 'b.txt', text: 'obsah' },
    ]);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((fraction) => fraction > 0 && fraction <= 1)).toBe(true);
    expect(progress.at(-1)).toBe(1);
  });

  it('passes header parameters and extra headers through, as every other call does', async () => {
    answer = json(201, storedFiles(['foto.png']));
    await uploadFiles(createApiClient({ baseUrl: origin }), '/api/v1/public_support/{id}/attachments/', {
      params: { path: { id: 12 }, header: { 'X-Access-Code': 'AB12CD34' } },
      headers: { 'Idempotency-Key': 'key-1' },
      files: [file('foto.png')],
    });
    expect(received[0]?.url).toBe('/api/v1/public_support/12/attachments/');
    expect(received[0]?.headers['x-access-code']).toBe('AB12CD34');
    expect(received[0]?.headers['idempotency-key']).toBe('key-1');
  });

  it('treats a 2xx answer without stored files as a failed upload (docs/product.md §5)', async () => {
    const client = createApiClient({ baseUrl: origin });
    const upload = () =>
      uploadFiles(client, '/api/v1/support_tickets/{id}/attachments/', {
        params: { path: { id: 7 } },
        files: [file('a.txt')],
      }).catch((error: unknown) => error);

    answer = json(201, []);
    const empty = await upload();
    expect(empty).toBeInstanceOf(EmptyUploadError);
    expect(empty).toMatchObject({ message: 'Nepodařilo se nahrát přílohu.' });
    expect(EMPTY_UPLOAD_MESSAGE).toBe('Nepodařilo se nahrát přílohu.');

    answer = (response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>OK</html>');
    };
    expect(await upload()).toBeInstanceOf(EmptyUploadError);
  });

  it('turns an error answer into the ApiError every other call throws', async () => {
    answer = json(413, {
      code: 'file_too_large',
      message: 'Soubor je příliš velký; jeden soubor může mít nejvýše 10 MB.',
    });
    const failure = await uploadFiles(
      createApiClient({ baseUrl: origin }),
      '/api/v1/support_tickets/{id}/attachments/',
      {
        params: { path: { id: 7 } },
        files: [file('velký.bin')],
      },
    ).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 413,
      code: 'file_too_large',
      message: 'Soubor je příliš velký; jeden soubor může mít nejvýše 10 MB.',
    });
  });

  it('words an upload that got no answer as the Czech network error', async () => {
    // A port nothing listens on: the connection is refused.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadOrigin = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const failure = await uploadFiles(
      createApiClient({ baseUrl: deadOrigin }),
      '/api/v1/support_tickets/{id}/attachments/',
      { params: { path: { id: 7 } }, files: [file('a.txt')] },
    ).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 0, code: 'network_error', message: NETWORK_ERROR_MESSAGE });
  });
});

const STATEMENT = {
  tenant: 'tenant-a',
  number: 'V-2026-0042',
  period_from: '2026-10-01',
  period_to: '2026-10-31',
  issued_on: '2026-11-05',
  due_date: '2026-11-20',
  bank_account: '123456789/0800',
  iban: 'CZ6508000000000123456789',
  variable_symbol: '20260042',
  items: [{ description: 'Nájemné', amount: '12500.00' }],
};

describe('uploadMultipart', () => {
  it('sends a JSON part as a plain field and a file as a file part, and answers the JSON', async () => {
    answer = json(201, { id: 42, number: 'V-2026-0042' });
    const progress: number[] = [];
    const created = await uploadMultipart(createApiClient({ baseUrl: origin }), '/api/v1/staff/billing_statements/', {
      parts: {
        statement: STATEMENT,
        pdf: new File(['%PDF-1.7 vyúčtování'], 'vyúčtování.pdf', { type: 'application/pdf' }),
      },
      onProgress: (fraction) => progress.push(fraction),
    });

    expect(created).toEqual({ id: 42, number: 'V-2026-0042' });
    const [request] = received;
    expect(request).toMatchObject({ method: 'POST', url: '/api/v1/staff/billing_statements/' });
    expect(request?.headers[CSRF_HEADER.toLowerCase()]).toBe('1');
    expect(Number(request?.headers['content-length'])).toBeGreaterThan(0);
    expect(request?.parts).toEqual([
      { field: 'statement', fileName: null, type: null, text: JSON.stringify(STATEMENT) },
      { field: 'pdf', fileName: 'vyúčtování.pdf', type: 'application/pdf', text: '%PDF-1.7 vyúčtování' },
    ]);
    expect(progress.every((fraction) => fraction > 0 && fraction <= 1)).toBe(true);
  });

  it('leaves out a part that is not given and throws the ApiError of a refusal', async () => {
    answer = json(409, {
      code: 'statement_exists',
      message: 'Vyúčtování s tímto číslem už u nájemce existuje.',
    });
    const failure = await uploadMultipart(createApiClient({ baseUrl: origin }), '/api/v1/staff/billing_statements/', {
      parts: { statement: STATEMENT },
    }).catch((error: unknown) => error);

    expect(received[0]?.parts.map((part) => part.field)).toEqual(['statement']);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 409, code: 'statement_exists' });
  });
});

describe('downloadFile', () => {
  it('answers the file and the name from Content-Disposition, with the CSRF header sent', async () => {
    answer = (response) => {
      response.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-disposition': `attachment; filename="zavada.png"; filename*=UTF-8''${encodeURIComponent('závada.png')}`,
      });
      response.end('PNG bytes');
    };
    const downloaded = await downloadFile(
      createApiClient({ baseUrl: origin }),
      '/api/v1/support_tickets/{id}/attachments/{attachmentId}/',
      { params: { path: { id: 7, attachmentId: 3 } } },
    );

    expect(downloaded.fileName).toBe('závada.png');
    expect(await downloaded.blob.text()).toBe('PNG bytes');
    expect(received[0]).toMatchObject({ method: 'GET', url: '/api/v1/support_tickets/7/attachments/3/' });
    expect(received[0]?.headers[CSRF_HEADER.toLowerCase()]).toBe('1');
  });

  it('answers no name when the server gives none', async () => {
    answer = (response) => {
      response.writeHead(200, { 'content-type': 'application/pdf' });
      response.end('%PDF-1.7');
    };
    const downloaded = await downloadFile(
      createApiClient({ baseUrl: origin }),
      '/api/v1/billing_statements/{id}/pdf/',
      { params: { path: { id: 4 } } },
    );
    expect(downloaded.fileName).toBeNull();
    expect(await downloaded.blob.text()).toBe('%PDF-1.7');
  });

  it('throws the ApiError of the answer', async () => {
    answer = json(404, { code: 'not_found', message: 'Příloha nebyla nalezena.' });
    const failure = await downloadFile(
      createApiClient({ baseUrl: origin }),
      '/api/v1/public_support/{id}/attachments/{attachmentId}/',
      { params: { path: { id: 1, attachmentId: 2 }, header: { 'X-Access-Code': 'AB12CD34' } } },
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 404, code: 'not_found', message: 'Příloha nebyla nalezena.' });
  });
});

describe('types', () => {
  it('accept only the paths that upload or download files, with their required parameters', () => {
    const client = createApiClient({ baseUrl: origin });
    const typeOnly = () => {
      // @ts-expect-error -- /api/session takes JSON, not files
      void uploadFiles(client, '/api/session', { files: [] });
      void uploadFiles(client, '/api/v1/public_support/{id}/attachments/', {
        // @ts-expect-error -- the access code travels in X-Access-Code, not in the query
        params: { path: { id: 1 }, query: { code: 'AB12CD34' } },
        files: [],
      });
      // @ts-expect-error -- the statement import takes no `files`
      void uploadFiles(client, '/api/v1/staff/billing_statements/', { files: [] });
      // @ts-expect-error -- the statement part is required
      void uploadMultipart(client, '/api/v1/staff/billing_statements/', { parts: { pdf: file('a.pdf') } });
      // @ts-expect-error -- /api/config answers JSON, not a file
      void downloadFile(client, '/api/config');
      // @ts-expect-error -- the statement's id is required
      void downloadFile(client, '/api/v1/billing_statements/{id}/pdf/');
    };
    expect(typeOnly).toBeTypeOf('function');
  });
});
