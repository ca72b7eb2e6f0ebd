import type { QueryClient } from '@tanstack/react-query';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { env } from '#src/config/env.ts';
import { unsubscribeInfoQueryOptions } from '#src/features/notifications/api/notifications.ts';
import {
  isWellFormedToken,
  UnsubscribeConfirmation,
} from '#src/features/notifications/components/unsubscribe-confirmation.tsx';
import { errorStatus } from '#src/lib/errors.ts';
import '#src/features/notifications/i18n.ts';

const tokenOf = (search: URLSearchParams) => search.get('token')?.trim() ?? '';

/** Reads what the link is for; a refused link (400) is the page's to explain, not an error. */
export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    if (env.prerendering) return null;
    const token = tokenOf(new URL(request.url).searchParams);
    if (!isWellFormedToken(token)) return null;
    try {
      await queryClient.fetchQuery(unsubscribeInfoQueryOptions(token));
    } catch (error) {
      if (errorStatus(error) !== 400) throw error;
    }
    return null;
  };

/**
 * `/odhlasit-odber?token=…`: the unsubscribe link of every non-security mail (RFC 8058). The
 * guard has already answered 404 without a token. A mail client's one-click POST to the same
 * address is the BFF's (apps/bff routes/one-click-unsubscribe); a GET only shows this page.
 */
export default function UnsubscribeRoute() {
  const [search] = useSearchParams();
  const token = tokenOf(search);
  // A new link starts from a fresh page.
  return <UnsubscribeConfirmation key={token} token={token} />;
}
