import { downloadFile, uploadFiles } from '@portal/sdk/files';
import type { components } from '@portal/sdk/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#src/lib/api.ts';
import { useSubmissionKeys } from '#src/lib/idempotency-key.ts';
import { saveFile } from '#src/lib/save-file.ts';
import { publicRequestQueryOptions, type PublicAttachment } from './public-support-queries.ts';

export type PublicRequestCreate = components['schemas']['PublicSupportRequestCreate'];

/** `X-Bot-Token` only when protection is on (the BFF ignores it otherwise). */
const botHeader = (botToken: string | null) => (botToken ? { 'X-Bot-Token': botToken } : {});

/**
 * POST /api/v1/public_support/ with the bot-protection token and one Idempotency-Key per
 * submission (lib/idempotency-key.ts: the same content sent again after a lost answer is the
 * first request, replayed, not a second one). The form shows its own errors, so no global toast.
 */
export function useCreatePublicRequest() {
  const keys = useSubmissionKeys();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async ({ body, botToken }: { body: PublicRequestCreate; botToken: string | null }) => {
      const { data } = await apiClient.POST('/api/v1/public_support/', {
        params: { header: { 'Idempotency-Key': keys.keyFor(body), ...botHeader(botToken) } },
        body,
      });
      if (!data) throw new Error('POST /api/v1/public_support/ answered without a request');
      return data;
    },
    onSuccess: () => keys.succeeded(),
  });
}

/**
 * The access code as every call of one request sends it: in `X-Access-Code`, never in the
 * address (bff.yaml AccessCode), so it stays out of logs and browser history.
 */
const codeHeader = (code: string) => ({ 'X-Access-Code': code });

/** POST …/add_message/ with the code (bot-protected like the create); the request is read again afterwards. */
export function useAddPublicMessage(id: number, code: string) {
  const queryClient = useQueryClient();
  const keys = useSubmissionKeys();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async ({ body, botToken }: { body: string; botToken: string | null }) => {
      const { data } = await apiClient.POST('/api/v1/public_support/{id}/add_message/', {
        params: {
          path: { id },
          header: { ...codeHeader(code), 'Idempotency-Key': keys.keyFor(body), ...botHeader(botToken) },
        },
        body: { body },
      });
      return data;
    },
    onSuccess: () => {
      keys.succeeded();
      return queryClient.invalidateQueries({ queryKey: publicRequestQueryOptions(id, code).queryKey });
    },
  });
}

/**
 * POST …/attachments/ with the code (multipart, one `files` part per file), reporting the fraction sent.
 * Throws `EmptyUploadError` (`@portal/sdk/files`) when the answer lists no stored file.
 */
export function uploadPublicAttachments(
  id: number,
  code: string,
  files: readonly File[],
  onProgress?: (fraction: number) => void,
): Promise<PublicAttachment[]> {
  return uploadFiles(apiClient, '/api/v1/public_support/{id}/attachments/', {
    params: { path: { id }, header: codeHeader(code) },
    files,
    onProgress,
  });
}

/**
 * {@link uploadPublicAttachments} as a mutation, for the request page's „Přidat přílohy“: the
 * request is read again afterwards (its list of files), also after a refusal.
 */
export function useUploadPublicAttachments(id: number, code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ files, onProgress }: { files: readonly File[]; onProgress: (fraction: number) => void }) =>
      uploadPublicAttachments(id, code, files, onProgress),
    onSettled: () => queryClient.invalidateQueries({ queryKey: publicRequestQueryOptions(id, code).queryKey }),
  });
}

/** Downloads an attachment of request `id` and offers it to the visitor as a file. */
export async function downloadPublicAttachment(id: number, code: string, attachment: PublicAttachment): Promise<void> {
  const file = await downloadFile(apiClient, '/api/v1/public_support/{id}/attachments/{attachmentId}/', {
    params: { path: { id, attachmentId: attachment.id }, header: codeHeader(code) },
  });
  saveFile(file, attachment.file_name);
}
