import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { fileKey, resolveFileStore, type FileStoreOrDataDir, type OpenedFile } from '../files/file-store.js';
import { HEIC_MAX_PIXELS } from '../images/heic.js';
import type { PreviewSize } from '../images/images.js';
import { drfError, fieldErrors } from './errors.js';

/**
 * Files attached to support tickets and public support requests: which files are accepted, and
 * how their bytes are kept – in the file store (FILE_STORE: the database or DATA_DIR) under
 * `attachments/<random name>`, the original name and type only in the row, so an upload can
 * never name or overwrite anything. HEIC/HEIF photos are kept as JPEG; image attachments have
 * previews, made on first request and kept under `previews/`.
 */

/** upstream.yaml `uploadSupportTicketAttachments`: up to 10 files of at most 10 MB each. */
export const MAX_FILES = 10;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** Images, PDF, plain text and office documents, by extension; the content must match (see contentMatches). */
const ALLOWED_TYPES = new Map<string, string>([
  ['.jpg', 'image/jpeg'],
  ['.jpeg', 'image/jpeg'],
  ['.png', 'image/png'],
  ['.gif', 'image/gif'],
  ['.webp', 'image/webp'],
  // Converted to JPEG before they are stored (storeUpload).
  ['.heic', 'image/heic'],
  ['.heif', 'image/heif'],
  ['.pdf', 'application/pdf'],
  ['.txt', 'text/plain'],
  ['.doc', 'application/msword'],
  ['.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['.xls', 'application/vnd.ms-excel'],
  ['.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['.odt', 'application/vnd.oasis.opendocument.text'],
  ['.ods', 'application/vnd.oasis.opendocument.spreadsheet'],
]);

export const unsupportedType = (fileName: string) =>
  fieldErrors({
    files: [`Soubor „${fileName}“ má nepodporovaný typ. Povolené jsou obrázky, PDF a kancelářské dokumenty.`],
  });

export const fileTooLarge = () =>
  drfError(413, 'file_too_large', 'Soubor je příliš velký; jeden soubor může mít nejvýše 10 MB.');

/**
 * The content type to store, or undefined when the file is not allowed: the extension must be
 * on the allowlist and the declared type (when one is given) must fit it. The content itself is
 * judged afterwards ({@link contentMatches}).
 */
export function acceptedType(fileName: string, declared: string): string | undefined {
  const byExtension = ALLOWED_TYPES.get(path.extname(fileName).toLowerCase());
  if (byExtension === undefined) return undefined;
  const type = declared.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === '' || type === 'application/octet-stream' || type === byExtension) return byExtension;
  // Browsers name some types differently (image/jpg, image/pjpeg, application/x-pdf …).
  if (type.split('/')[0] === byExtension.split('/')[0] && type !== 'image/svg+xml') return byExtension;
  if (byExtension.startsWith('application/') && type.startsWith('application/')) return byExtension;
  return undefined;
}

/** Bytes read to recognise a file's signature (file-type needs at most a few KiB). */
const SIGNATURE_BYTES = 64 * 1024;

/** What file-type may report for a file of each allowed type (zip-based documents may read as zip). */
const SIGNATURES: ReadonlyMap<string, readonly string[]> = new Map([
  ['image/jpeg', ['image/jpeg']],
  ['image/png', ['image/png']],
  ['image/gif', ['image/gif']],
  ['image/webp', ['image/webp']],
  ['image/heic', ['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']],
  ['image/heif', ['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']],
  ['application/pdf', ['application/pdf']],
  ['application/msword', ['application/x-cfb']],
  ['application/vnd.ms-excel', ['application/x-cfb']],
  [
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/zip'],
  ],
  [
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/zip'],
  ],
  ['application/vnd.oasis.opendocument.text', ['application/vnd.oasis.opendocument.text', 'application/zip']],
  [
    'application/vnd.oasis.opendocument.spreadsheet',
    ['application/vnd.oasis.opendocument.spreadsheet', 'application/zip'],
  ],
]);

/** Markup a browser would render: never accepted as plain text. */
const MARKUP = /^\s*<(?:!doctype|html|head|body|script|svg|iframe|\?xml)\b/i;

/**
 * Whether the file's first bytes are what its type promises, by their signature (file-type):
 * an HTML page sent as `image/png` or named `.pdf` is refused. Plain text has no signature: it
 * must be UTF-8 without NUL bytes and must not start as markup.
 */
export async function contentMatches(contentType: string, head: Buffer): Promise<boolean> {
  const detected = await fileTypeFromBuffer(head);
  if (contentType === 'text/plain') {
    if (detected !== undefined || head.includes(0)) return false;
    const text = new TextDecoder('utf-8', { fatal: false }).decode(head);
    return !MARKUP.test(text);
  }
  return detected !== undefined && (SIGNATURES.get(contentType) ?? []).includes(detected.mime);
}

export const contentMismatch = (fileName: string) =>
  fieldErrors({
    files: [
      `Soubor „${fileName}“ nemá obsah, jaký slibuje jeho přípona. Povolené jsou obrázky, PDF a kancelářské dokumenty.`,
    ],
  });

export const emptyFile = (fileName: string) => fieldErrors({ files: [`Soubor „${fileName}“ je prázdný.`] });

/** Control characters (C0 and DEL) and quotes: never part of a name shown or sent in a header. */
const isSafeNameCharacter = (character: string) => {
  const code = character.codePointAt(0) ?? 0;
  return code > 0x1f && code !== 0x7f && character !== '"';
};

/** A file name safe to show and to put into Content-Disposition: no path, no control characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = [...base].filter(isSafeNameCharacter).join('').trim().slice(0, 200);
  return clean === '' ? 'priloha' : clean;
}

export interface StoredFile {
  fileName: string;
  contentType: string;
  size: number;
  storageKey: string;
}

/** The fields of upstream.yaml's `Attachment` and `PublicSupportAttachment` a stored file's row gives. */
export function storedFileFields(row: StoredFile & { id: number; createdAt: Date }) {
  return {
    id: row.id,
    file_name: row.fileName,
    content_type: row.contentType,
    size: row.size,
    created_at: row.createdAt.toISOString(),
  };
}

/** An uploaded file as it streams in: the multipart receiver's part (http/multipart.ts). */
export interface Upload {
  filename: string;
  mimetype: string;
  /** Cut off at the size limit: `truncated` then says so. */
  file: Readable & { truncated: boolean; bytesRead: number };
}

/**
 * The image work (sharp and its native libvips), loaded on the first HEIC upload or preview:
 * the API's start-up and every `portal-admin` command stay as fast as without it.
 */
const imageWork = () => import('../images/images.js');

/** A name nobody chose. */
const newStorageKey = () => randomBytes(16).toString('hex');

/**
 * Streams an upload into the file store; refuses a type not allowed, a file over the limit, an
 * empty file and a file whose content is not what its extension says (judged on its first
 * bytes, kept aside while the file streams into the store, which then removes it again). A
 * HEIC/HEIF photo is stored as the JPEG it converts to ({@link storeHeicAsJpeg}).
 */
export async function storeUpload(target: FileStoreOrDataDir, upload: Upload): Promise<StoredFile> {
  const store = resolveFileStore(target);
  const fileName = cleanFileName(upload.filename);
  const contentType = acceptedType(fileName, upload.mimetype);
  if (contentType === undefined) {
    upload.file.resume();
    throw unsupportedType(fileName);
  }
  if (isHeic(contentType)) return storeHeicAsJpeg(store, upload, fileName, contentType);
  const storageKey = newStorageKey();
  const key = fileKey('attachments', storageKey);
  const head: Buffer[] = [];
  let headBytes = 0;
  async function* keepingHead(): AsyncGenerator<Uint8Array> {
    for await (const chunk of upload.file as AsyncIterable<Buffer>) {
      if (headBytes < SIGNATURE_BYTES) {
        head.push(chunk.subarray(0, SIGNATURE_BYTES - headBytes));
        headBytes += Math.min(chunk.length, SIGNATURE_BYTES - headBytes);
      }
      yield chunk;
    }
  }
  const { size } = await store.write(key, keepingHead());
  if (upload.file.truncated) {
    await store.remove(key);
    throw fileTooLarge();
  }
  if (size === 0) {
    await store.remove(key);
    throw emptyFile(fileName);
  }
  if (!(await contentMatches(contentType, Buffer.concat(head)))) {
    await store.remove(key);
    throw contentMismatch(fileName);
  }
  return { fileName, contentType, size, storageKey };
}

const isHeic = (contentType: string) => contentType === 'image/heic' || contentType === 'image/heif';

/** `IMG_0042.HEIC` → `IMG_0042.jpg`: the stored file is a JPEG, and its name says so. */
export const jpegName = (fileName: string) => fileName.replace(/\.(heic|heif)$/i, '') + '.jpg';

export const heicTooLarge = (fileName: string) =>
  fieldErrors({
    files: [
      `Fotografii „${fileName}“ nelze převést: má víc než ${HEIC_MAX_PIXELS / 1_000_000} megapixelů. Pošlete ji prosím jako JPEG nebo v menším rozlišení.`,
    ],
  });

export const heicUnreadable = (fileName: string) =>
  fieldErrors({
    files: [`Fotografii „${fileName}“ se nepodařilo přečíst ani převést do JPEG. Pošlete ji prosím jako JPEG.`],
  });

/** 503 with a wait: the instance is converting or previewing as many images as it allows. */
export const imageWorkBusy = () =>
  drfError(503, 'overloaded', 'Server právě zpracovává jiné fotografie. Zkuste to prosím za chvíli znovu.', {
    'retry-after': '5',
  });

/**
 * A HEIC/HEIF photo – the iPhone's default, which browsers other than Safari cannot show – is
 * kept as JPEG: read whole (it is at most MAX_FILE_BYTES), checked like any upload, decoded in
 * the capped worker (images/heic.ts) and stored as `<name>.jpg`, `image/jpeg`, without the
 * photo's metadata.
 */
async function storeHeicAsJpeg(
  store: ReturnType<typeof resolveFileStore>,
  upload: Upload,
  fileName: string,
  contentType: string,
): Promise<StoredFile> {
  const chunks: Buffer[] = [];
  for await (const chunk of upload.file as AsyncIterable<Buffer>) chunks.push(chunk);
  if (upload.file.truncated) throw fileTooLarge();
  const heic = Buffer.concat(chunks);
  if (heic.length === 0) throw emptyFile(fileName);
  if (!(await contentMatches(contentType, heic.subarray(0, SIGNATURE_BYTES)))) throw contentMismatch(fileName);
  const images = await imageWork();
  let converted;
  try {
    converted = await images.heicToJpeg(heic);
  } catch (error) {
    if (error instanceof images.ImageWorkBusyError) throw imageWorkBusy();
    throw error;
  }
  if (!converted.ok) throw converted.reason === 'too_large' ? heicTooLarge(fileName) : heicUnreadable(fileName);
  const storageKey = newStorageKey();
  const { size } = await store.write(fileKey('attachments', storageKey), [converted.bytes]);
  return { fileName: jpegName(fileName), contentType: 'image/jpeg', size, storageKey };
}

/** Stores bytes the server itself produced (demo data) the same way as an upload. */
export async function storeBytes(
  target: FileStoreOrDataDir,
  fileName: string,
  contentType: string,
  bytes: Buffer,
): Promise<StoredFile> {
  const store = resolveFileStore(target);
  const storageKey = newStorageKey();
  const { size } = await store.write(fileKey('attachments', storageKey), [bytes]);
  return { fileName, contentType, size, storageKey };
}

/** Removes stored files whose rows were never written (a failed upload). */
export async function discardFiles(target: FileStoreOrDataDir, stored: readonly StoredFile[]): Promise<void> {
  const store = resolveFileStore(target);
  await Promise.all(stored.map((file) => store.remove(fileKey('attachments', file.storageKey))));
}

/**
 * A stored attachment's bytes. A row whose file is missing is the installation's fault (a lost
 * folder, an incomplete restore), not the caller's: an error, reported as a 500.
 */
export async function openStoredFile(target: FileStoreOrDataDir, storageKey: string): Promise<OpenedFile> {
  const store = resolveFileStore(target);
  const opened = await store.open(fileKey('attachments', storageKey));
  if (opened === undefined)
    throw new Error(`The attachment file ${storageKey} is missing from the ${store.driver} store.`);
  return opened;
}

/** Types a preview is made of: the images browsers show, and HEIC kept before uploads were converted. */
const PREVIEWABLE = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/heic', 'image/heif']);

export const previewUnavailable = () =>
  drfError(422, 'preview_unavailable', 'Náhled této přílohy nelze zobrazit; stáhněte si ji.');

/** `okno.jpg` → `okno.webp`, the name a preview is answered under. */
export const previewName = (fileName: string) => fileName.replace(/\.[^.]*$/, '') + '.webp';

/** Previews being made in this process, so that a list of thumbnails opened twice makes each once. */
const making = new Map<string, Promise<Buffer>>();

/**
 * The WebP preview of an image attachment (images/images.ts `previewImage`): read back from
 * the file store (`previews/<storage key>-<size>.webp`) when it was made before, otherwise made
 * from the original and kept. Attachments never change, so a kept preview is never stale.
 * Throws 422 `preview_unavailable` for a type without previews or an image that cannot be read,
 * 503 `overloaded` while the instance makes as many images as it allows.
 */
export async function attachmentPreview(
  target: FileStoreOrDataDir,
  file: Pick<StoredFile, 'contentType' | 'storageKey'>,
  size: PreviewSize,
): Promise<Buffer> {
  if (!PREVIEWABLE.has(file.contentType)) throw previewUnavailable();
  const store = resolveFileStore(target);
  const key = fileKey('previews', `${file.storageKey}-${size}.webp`);
  const kept = await store.open(key);
  if (kept !== undefined) return Buffer.concat(await kept.stream.toArray());
  let pending = making.get(key);
  if (pending === undefined) {
    pending = makePreview(store, key, file, size).finally(() => making.delete(key));
    making.set(key, pending);
  }
  return pending;
}

async function makePreview(
  store: ReturnType<typeof resolveFileStore>,
  key: string,
  file: Pick<StoredFile, 'contentType' | 'storageKey'>,
  size: PreviewSize,
): Promise<Buffer> {
  const { stream } = await openStoredFile(store, file.storageKey);
  const original = Buffer.concat(await stream.toArray());
  const images = await imageWork();
  let outcome;
  try {
    outcome = await images.previewImage(original, file.contentType, size);
  } catch (error) {
    if (error instanceof images.ImageWorkBusyError) throw imageWorkBusy();
    throw error;
  }
  if (!outcome.ok) throw previewUnavailable();
  // Another instance may have kept the same preview meanwhile (a key is written once): its copy
  // and this one are the same image.
  await store.write(key, [outcome.bytes]).catch(() => undefined);
  return outcome.bytes;
}
