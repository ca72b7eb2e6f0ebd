import i18next from 'i18next';
import '#src/components/ui/attachments-i18n.ts';

/**
 * Client-side attachment rules mirroring the API's (apps/api/src/domain/attachment-files.ts and
 * upstream.yaml `uploadSupportTicketAttachments`), for every form that uploads files (incidents,
 * the public support request): at most 10 files of at most 10 MB, images except SVG, PDF, plain
 * text and office documents, judged by the extension. Checked before anything is created, so a
 * refused file never leaves a record without its attachments; the server still judges the
 * content and has the last word (a HEIC photo is stored as JPEG there).
 */
export const MAX_FILES = 10;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

export const ALLOWED_EXTENSIONS = [
  '.jpg',
  '.jpeg',
  '.png',
  '.gif',
  '.webp',
  '.heic',
  '.heif',
  '.pdf',
  '.txt',
  '.doc',
  '.docx',
  '.xls',
  '.xlsx',
  '.odt',
  '.ods',
] as const;

/** The file input's `accept`: the picker offers only files the server takes. */
export const ACCEPT_ATTRIBUTE = ALLOWED_EXTENSIONS.join(',');

export type FileProblem =
  | { kind: 'tooMany'; count: number }
  | { kind: 'tooLarge'; name: string }
  | { kind: 'unsupportedType'; name: string }
  | { kind: 'empty'; name: string };

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot).toLowerCase();
};

/** The first problem of the chosen files, in the order count, type, emptiness, size. */
export function checkFiles(files: readonly File[]): FileProblem | null {
  if (files.length > MAX_FILES) return { kind: 'tooMany', count: files.length };
  for (const file of files) {
    if (!(ALLOWED_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) {
      return { kind: 'unsupportedType', name: file.name };
    }
    if (file.size === 0) return { kind: 'empty', name: file.name };
    if (file.size > MAX_FILE_BYTES) return { kind: 'tooLarge', name: file.name };
  }
  return null;
}

/** The Czech message of a file problem, naming the file and the reason (`attachments` resources). */
export function fileProblemMessage(problem: FileProblem): string {
  switch (problem.kind) {
    case 'tooMany':
      return i18next.t('attachments:files.tooMany', { count: problem.count });
    case 'tooLarge':
      return i18next.t('attachments:files.tooLarge', { name: problem.name });
    case 'unsupportedType':
      return i18next.t('attachments:files.type', { name: problem.name });
    case 'empty':
      return i18next.t('attachments:files.empty', { name: problem.name });
  }
}
