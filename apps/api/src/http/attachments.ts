import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  MAX_FILE_BYTES,
  MAX_FILES,
  attachmentPreview,
  discardFiles,
  fileTooLarge,
  openStoredFile,
  previewName,
  storeUpload,
  type StoredFile,
} from '../domain/attachment-files.js';
import { ApiError, drfError, fieldErrors } from '../domain/errors.js';
import { resolveFileStore, type FileStoreOrDataDir } from '../files/file-store.js';

/**
 * The one multipart receiver and the one attachment download of the API
 * (docs/architecture.md §3): every upload route takes its files here, with the type, size and
 * count limits of domain/attachment-files.ts, and every attachment leaves the same way.
 */

/**
 * Registers the multipart parser, with the upload limits, in the route plugin of upload routes.
 * `fieldSize` is the largest text part (a statement's JSON needs more than the default 1 KiB).
 */
export async function acceptUploads(fastify: FastifyInstance, { fieldSize = 1024 } = {}): Promise<void> {
  await fastify.register(multipart, {
    limits: { files: MAX_FILES, fileSize: MAX_FILE_BYTES, fields: 20, fieldSize, parts: 40 },
  });
}

/** Refuses anything but multipart/form-data; done first, before the route looks anything up. */
export function requireMultipart(request: FastifyRequest): void {
  if (!request.isMultipart()) {
    throw drfError(415, 'unsupported_media_type', 'Přílohy posílejte jako multipart/form-data v částech „files“.');
  }
}

const hasCode = (error: unknown, code: string) => error instanceof Error && (error as { code?: string }).code === code;

/**
 * Stores the `files` parts of a multipart request (other parts are skipped) and hands them to
 * `save`, which writes their rows. Should receiving or `save` fail, the files stored so far are
 * removed again, so no file outlives a refused upload. `tooMany` is the route's answer to more
 * files than the limit.
 */
export async function receiveFiles<Saved>(
  request: FastifyRequest,
  target: FileStoreOrDataDir,
  tooMany: () => ApiError,
  save: (files: StoredFile[]) => Promise<Saved>,
): Promise<Saved> {
  const store = resolveFileStore(target);
  const stored: StoredFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'files') {
        part.file.resume();
        continue;
      }
      stored.push(await storeUpload(store, part));
    }
  } catch (error) {
    await discardFiles(store, stored);
    if (hasCode(error, 'FST_REQ_FILE_TOO_LARGE')) throw fileTooLarge();
    if (hasCode(error, 'FST_FILES_LIMIT')) throw tooMany();
    if (error instanceof ApiError) throw error;
    if ((error as { statusCode?: number }).statusCode === 413) throw fileTooLarge();
    throw drfError(400, 'parse_error', 'Přílohy se nepodařilo přečíst; pošlete je znovu jako multipart/form-data.');
  }
  if (stored.length === 0) throw fieldErrors({ files: ['Vyberte alespoň jeden soubor (část „files“).'] });
  try {
    return await save(stored);
  } catch (error) {
    await discardFiles(store, stored);
    throw error;
  }
}

/**
 * A document upload of named parts (the staff's statement import): the text of each field part
 * and the bytes of each file part, in memory (a file is at most MAX_FILE_BYTES). A text part
 * over the field size limit is 400 on that field.
 */
export async function receiveParts(
  request: FastifyRequest,
): Promise<{ fields: Map<string, string>; files: Map<string, { fileName: string; mimetype: string; bytes: Buffer }> }> {
  const fields = new Map<string, string>();
  const files = new Map<string, { fileName: string; mimetype: string; bytes: Buffer }>();
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw fileTooLarge();
        files.set(part.fieldname, { fileName: part.filename, mimetype: part.mimetype, bytes });
      } else {
        if (part.valueTruncated) throw fieldErrors({ [part.fieldname]: ['Tato část požadavku je příliš dlouhá.'] });
        // A part sent as application/json arrives parsed; the caller reads every field as text.
        fields.set(part.fieldname, typeof part.value === 'string' ? part.value : JSON.stringify(part.value));
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (hasCode(error, 'FST_REQ_FILE_TOO_LARGE') || (error as { statusCode?: number }).statusCode === 413)
      throw fileTooLarge();
    throw drfError(400, 'parse_error', 'Požadavek se nepodařilo přečíst; pošlete ho znovu jako multipart/form-data.');
  }
  return { fields, files };
}

/** RFC 6266 with an ASCII fallback and the UTF-8 name (Czech file names keep their accents). */
export function contentDisposition(fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const ascii =
    fileName
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '') || 'soubor';
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The attachment a route looked up; none (or none the caller may see) is 404 `not_found`. */
export function foundAttachment<File>(file: File | undefined): File {
  if (file === undefined) throw drfError(404, 'not_found', 'Příloha nebyla nalezena.');
  return file;
}

/**
 * Sends a stored attachment, streamed from the file store. Always octet-stream, as the contract
 * documents: with `attachment` and nosniff a browser only ever saves the file (never renders an
 * uploaded HTML or image inline), and the BFF forwards only documented content types.
 */
export async function sendAttachment(
  reply: FastifyReply,
  target: FileStoreOrDataDir,
  file: Pick<StoredFile, 'fileName' | 'size' | 'storageKey'>,
): Promise<FastifyReply> {
  const store = resolveFileStore(target);
  const { stream } = await openStoredFile(store, file.storageKey);
  return reply
    .header('content-type', 'application/octet-stream')
    .header('content-disposition', contentDisposition(file.fileName))
    .header('content-length', String(file.size))
    .header('x-content-type-options', 'nosniff')
    .send(stream);
}

/**
 * Sends the WebP preview of an image attachment (domain/attachment-files.ts). It is an image
 * the server encoded itself from the decoded pixels, never the uploaded bytes, so it is safe to
 * show inline (the web app shows it from a blob: address); nosniff all the same.
 */
export async function sendPreview(
  reply: FastifyReply,
  target: FileStoreOrDataDir,
  file: Pick<StoredFile, 'fileName' | 'contentType' | 'storageKey'>,
  size: 'small' | 'large' = 'small',
): Promise<FastifyReply> {
  const preview = await attachmentPreview(resolveFileStore(target), file, size);
  return reply
    .header('content-type', 'image/webp')
    .header('content-disposition', contentDisposition(previewName(file.fileName), 'inline'))
    .header('content-length', String(preview.length))
    .header('x-content-type-options', 'nosniff')
    .send(preview);
}
