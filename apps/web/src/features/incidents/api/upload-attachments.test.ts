import { ApiError } from '@portal/sdk/client';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '#src/testing/msw-server.ts';
import { EmptyUploadError, uploadAttachments } from './upload-attachments.ts';

const PATH = '*/api/v1/support_tickets/7/attachments/';
const file = (name: string) => new File(['obsah'], name, { type: 'text/plain' });

describe('uploadAttachments', () => {
  it('sends each file as a `files` part with the CSRF header and answers the attachments', async () => {
    let parts: string[] = [];
    let csrf: string | null = null;
    server.use(
      http.post(PATH, async ({ request }) => {
        csrf = request.headers.get('x-csrf');
        parts = (await request.formData()).getAll('files').map((part) => (part as File).name);
        return HttpResponse.json(
          parts.map((name, index) => ({
            id: index + 1,
            file_name: name,
            content_type: 'text/plain',
            size: 5,
            created_at: '2026-11-22T08:00:00Z',
            download_url: `/api/v1/support_tickets/7/attachments/${index + 1}/`,
          })),
          { status: 201 },
        );
      }),
    );
    const progress: number[] = [];
    const attachments = await uploadAttachments(7, [file('a.txt'), file('b.txt')], (value) => progress.push(value));
    // jsdom's XHR serialises File parts without their names (the browser keeps them, see e2e).
    expect(parts).toHaveLength(2);
    expect(csrf).toBe('1');
    expect(attachments).toHaveLength(2);
    expect(progress.at(-1)).toBe(1);
  });

  it('treats an empty answer as a failed upload with the spec’s message (§5)', async () => {
    server.use(http.post(PATH, () => HttpResponse.json([], { status: 201 })));
    const failure = await uploadAttachments(7, [file('a.txt')]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EmptyUploadError);
    expect((failure as Error).message).toBe('Nepodařilo se nahrát přílohu.');
  });

  it('turns an error answer into the SDK’s ApiError with the server’s message', async () => {
    server.use(
      http.post(PATH, () =>
        HttpResponse.json({ code: 'file_too_large', message: 'Soubor je příliš velký.' }, { status: 413 }),
      ),
    );
    const failure = await uploadAttachments(7, [file('a.txt')]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 413, code: 'file_too_large', message: 'Soubor je příliš velký.' });
  });
});
