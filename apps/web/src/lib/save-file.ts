import type { DownloadedFile } from '@portal/sdk/files';

/**
 * Offers a downloaded file (`downloadFile` from `@portal/sdk/files`) to the user under the name
 * the server gave it, or `fallbackName` when it gave none.
 */
export function saveFile({ blob, fileName }: DownloadedFile, fallbackName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has surely started the download; the download keeps its own copy.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
