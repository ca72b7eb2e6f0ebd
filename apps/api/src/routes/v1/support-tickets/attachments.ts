import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { ApiError, drfError } from '../../../http/api-error.js';

/** upstream.yaml `uploadSupportTicketAttachments`: up to 10 files of at most 10 MB each. */
export const MAX_FILES = 10;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** Images, PDF and office documents (by declared type, or by extension for octet-stream). */
const ALLOWED_TYPES = new Map<string, string>([
  ['.jpg', 'image/jpeg'],
  ['.jpeg', 'image/jpeg'],
  ['.png', 'image/png'],
  ['.gif', 'image/gif'],
  ['.webp', 'image/webp'],
  ['.heic', 'image/heic'],
  ['.pdf', 'application/pdf'],
  ['.txt', 'text/plain'],
  ['.doc', 'application/msword'],
  ['.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['.xls', 'application/vnd.ms-excel'],
  ['.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['.odt', 'application/vnd.oasis.opendocument.text'],
  ['.ods', 'application/vnd.oasis.opendocument.spreadsheet'],
]);
const ALLOWED_MIME = new Set(ALLOWED_TYPES.values());

export const attachmentsDir = (dataDir: string) => path.join(dataDir, 'attachments');

export const unsupportedType = (fileName: string) =>
  new ApiError(400, {
    files: [`Soubor „${fileName}“ má nepodporovaný typ. Povolené jsou obrázky, PDF a kancelářské dokumenty.`],
  });

export const tooLarge = () =>
  drfError(413, 'file_too_large', 'Soubor je příliš velký; jeden soubor smí mít nejvýše 10 MB.');
export const tooMany = () => drfError(413, 'too_many_files', 'Najednou lze nahrát nejvýše 10 souborů.');

/** The content type to store, or undefined when the file is not allowed. */
export function acceptedType(fileName: string, declared: string): string | undefined {
  const type = declared.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type.startsWith('image/') && type !== 'image/svg+xml') return type;
  if (ALLOWED_MIME.has(type)) return type;
  if (type === 'application/octet-stream' || type === '') {
    return ALLOWED_TYPES.get(path.extname(fileName).toLowerCase());
  }
  return undefined;
}

/** A file name safe to show and to put into Content-Disposition: no path, no control characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 200);
  return clean === '' ? 'priloha' : clean;
}

export interface StoredFile {
  fileName: string;
  contentType: string;
  size: number;
  storageKey: string;
}

/** Streams one part to DATA_DIR/attachments under a random name; refuses it when it is too large. */
export async function storePart(dataDir: string, part: MultipartFile): Promise<StoredFile> {
  const fileName = cleanFileName(part.filename);
  const contentType = acceptedType(fileName, part.mimetype);
  if (contentType === undefined) {
    part.file.resume();
    throw unsupportedType(fileName);
  }
  const dir = attachmentsDir(dataDir);
  await mkdir(dir, { recursive: true });
  const storageKey = randomBytes(16).toString('hex');
  const temporary = path.join(dir, `.${storageKey}.part`);
  try {
    await pipeline(part.file, createWriteStream(temporary, { mode: 0o600 }));
    if (part.file.truncated) throw tooLarge();
    await rename(temporary, path.join(dir, storageKey));
  } catch (error) {
    await rm(temporary, { force: true });
    throw isFileTooLarge(error) ? tooLarge() : error;
  }
  return { fileName, contentType, size: part.file.bytesRead, storageKey };
}

/** Stores bytes the server itself produced (demo data) the same way as an upload. */
export async function storeBytes(
  dataDir: string,
  fileName: string,
  contentType: string,
  bytes: Buffer,
): Promise<StoredFile> {
  const dir = attachmentsDir(dataDir);
  await mkdir(dir, { recursive: true });
  const storageKey = randomBytes(16).toString('hex');
  const temporary = path.join(dir, `.${storageKey}.part`);
  await writeFile(temporary, bytes, { mode: 0o600 });
  await rename(temporary, path.join(dir, storageKey));
  return { fileName, contentType, size: bytes.length, storageKey };
}

export function isFileTooLarge(error: unknown): boolean {
  return error instanceof Error && (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
}

export function isTooManyFiles(error: unknown): boolean {
  return error instanceof Error && (error as { code?: string }).code === 'FST_FILES_LIMIT';
}

/** RFC 6266 with an ASCII fallback and the UTF-8 name (Czech file names keep their accents). */
export function contentDisposition(fileName: string): string {
  const ascii =
    fileName
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '') || 'soubor';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
