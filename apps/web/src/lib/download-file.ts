import { ApiError, apiErrorFromResponse, CSRF_HEADER, NETWORK_ERROR_MESSAGE } from '@portal/sdk/client';
import { env } from '#src/config/env.ts';

/**
 * Downloads a file from the BFF's API and hands it to the browser under `fileName`. A plain
 * link cannot be used: every API request must carry the CSRF header (DESIGN "CSRF"), which a
 * browser navigation never sends, so the BFF would answer 403.
 */
export async function downloadApiFile(path: string, fileName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${env.apiBaseUrl}${path}`, { credentials: 'same-origin', headers: { [CSRF_HEADER]: '1' } });
  } catch {
    throw new ApiError({ status: 0, code: 'network_error', message: NETWORK_ERROR_MESSAGE });
  }
  if (!response.ok) throw await apiErrorFromResponse(response);
  saveBlob(await response.blob(), fileName);
}

/** Offers a Blob to the user as a downloaded file. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled; the download keeps its own copy.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
