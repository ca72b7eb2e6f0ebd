/** Client-side limits mirroring the server's (apps/api README: 10 files of at most 10 MB). */
export const MAX_FILES = 10;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const SUBJECT_MAX = 200;

export type FileProblem = { kind: 'tooMany' } | { kind: 'tooLarge'; name: string };

export function checkFiles(files: readonly File[]): FileProblem | null {
  if (files.length > MAX_FILES) return { kind: 'tooMany' };
  const large = files.find((file) => file.size > MAX_FILE_BYTES);
  return large ? { kind: 'tooLarge', name: large.name } : null;
}
