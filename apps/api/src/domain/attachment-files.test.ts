import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { FileSource, FileStore } from '../files/file-store.js';
import { ApiError } from './errors.js';
import { storeUpload, type Upload } from './attachment-files.js';

/** A file store in memory: enough to see what is kept and what is removed again. */
function memoryStore(): FileStore & { files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>();
  const store = {
    driver: 'folder' as const,
    files,
    async write(key: string, source: FileSource) {
      const chunks: Buffer[] = [];
      for await (const chunk of source as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
      const bytes = Buffer.concat(chunks);
      files.set(key, bytes);
      return { size: bytes.length, sha256: '' };
    },
    async open() {
      return undefined;
    },
    async remove(key: string) {
      files.delete(key);
    },
    async *list() {},
    on() {
      return store;
    },
  };
  return store;
}

function upload(filename: string, mimetype: string, content: Buffer | string): Upload {
  const file = Object.assign(Readable.from([Buffer.from(content)]), { truncated: false, bytesRead: 0 });
  return { filename, mimetype, file };
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex');
/** A real HEIC photo (testing/fixtures/README.md). */
const HEIC = await readFile(new URL('../testing/fixtures/quadrants.heic', import.meta.url));

async function refusal(promise: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return { status: error.statusCode, body: error.body };
    throw error;
  }
  throw new Error('the upload was accepted');
}

describe('storeUpload judges a file by its content', () => {
  it.each([
    ['okno.png', 'image/png', PNG, 'image/png'],
    ['foto.JPG', 'application/octet-stream', JPEG, 'image/jpeg'],
    ['protokol.pdf', 'application/pdf', PDF, 'application/pdf'],
    ['poznamka.txt', 'text/plain', 'Nesvítí světlo ve 3. patře.', 'text/plain'],
  ])('keeps %s (%s)', async (name, declared, content, stored) => {
    const store = memoryStore();
    const file = await storeUpload(store, upload(name, declared, content));
    expect(file.contentType).toBe(stored);
    expect(store.files.size).toBe(1);
  });

  it.each([
    ['HTML sent as a PNG', 'okno.png', 'image/png', '<!doctype html><script>alert(1)</script>'],
    ['a PDF named .png', 'okno.png', 'image/png', PDF],
    ['a PNG named .pdf', 'protokol.pdf', 'application/pdf', PNG],
    ['HTML named .txt', 'stranka.txt', 'text/plain', '<html><body onload="alert(1)"></body></html>'],
    ['an image without an allowed extension', 'okno.bmp', 'image/bmp', 'BM....'],
    ['a PNG without an extension', 'okno', 'image/png', PNG],
  ])('refuses %s with a Czech 400 and keeps nothing', async (_label, name, declared, content) => {
    const store = memoryStore();
    const { status, body } = await refusal(storeUpload(store, upload(name, declared, content)));
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toMatch(/Soubor „.*“/);
    expect(store.files.size).toBe(0);
  });

  it('refuses an empty file with a Czech 400', async () => {
    const store = memoryStore();
    const { status, body } = await refusal(storeUpload(store, upload('prazdny.pdf', 'application/pdf', '')));
    expect(status).toBe(400);
    expect(body).toEqual({ files: ['Soubor „prazdny.pdf“ je prázdný.'] });
    expect(store.files.size).toBe(0);
  });
});

describe('storeUpload keeps HEIC/HEIF photos as JPEG', () => {
  it.each([
    ['IMG_0042.HEIC', 'image/heic', 'IMG_0042.jpg'],
    ['fotka.heif', 'image/heif', 'fotka.jpg'],
    ['z iPhonu.heic', 'application/octet-stream', 'z iPhonu.jpg'],
  ])('stores %s (%s) as %s, image/jpeg', async (name, declared, storedName) => {
    const store = memoryStore();
    const file = await storeUpload(store, upload(name, declared, HEIC));
    expect(file).toMatchObject({ fileName: storedName, contentType: 'image/jpeg' });
    const [bytes] = [...store.files.values()];
    expect(bytes?.subarray(0, 3).toString('hex')).toBe('ffd8ff');
    expect(file.size).toBe(bytes?.length);
  });

  it('refuses a JPEG named .heic and an undecodable HEIC with a Czech 400, keeping nothing', async () => {
    const store = memoryStore();
    const named = await refusal(storeUpload(store, upload('fotka.heic', 'image/heic', JPEG)));
    expect(named.status).toBe(400);
    expect(JSON.stringify(named.body)).toContain('nemá obsah, jaký slibuje jeho přípona');
    const broken = Buffer.concat([HEIC.subarray(0, 40), Buffer.alloc(64)]);
    const undecodable = await refusal(storeUpload(store, upload('fotka.heic', 'image/heic', broken)));
    expect(undecodable).toEqual({
      status: 400,
      body: {
        files: ['Fotografii „fotka.heic“ se nepodařilo přečíst ani převést do JPEG. Pošlete ji prosím jako JPEG.'],
      },
    });
    expect(store.files.size).toBe(0);
  });
});
