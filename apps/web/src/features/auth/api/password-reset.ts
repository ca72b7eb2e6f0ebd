import { $api } from '#src/lib/api.ts';

/**
 * POST /api/password-reset/request → 202, the same answer whether or not the e-mail has an
 * account. The form shows its own errors (validation, rate limit), so no global toast.
 */
export function useRequestPasswordReset() {
  return $api.useMutation('post', '/api/password-reset/request', { meta: { errorToast: false } });
}

/** POST /api/password-reset/confirm → 204, or 400 with `fields` (`token` = link at fault). */
export function useConfirmPasswordReset() {
  return $api.useMutation('post', '/api/password-reset/confirm', { meta: { errorToast: false } });
}

/**
 * POST /api/password-reset/check when the page opens → 204 for a usable link, or 400
 * `invalid_reset_link` for a used, expired or wrong one; spends nothing. Asked once per link
 * (no retries on a 400, never refetched in the background).
 */
export function useCheckPasswordResetLink(uid: string, token: string) {
  return $api.useQuery(
    'post',
    '/api/password-reset/check',
    { body: { uid, token } },
    {
      retry: false,
      staleTime: Infinity,
      gcTime: 0,
      refetchOnWindowFocus: false,
      meta: { errorToast: false },
    },
  );
}

/** The BFF's code for an invalid or expired reset link. */
export const INVALID_RESET_LINK = 'invalid_reset_link';
