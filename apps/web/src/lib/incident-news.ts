import { queryOptions } from '@tanstack/react-query';
import { $api } from '#src/lib/api.ts';

/** The header checks for news this often (and when the window regains focus). */
export const INCIDENT_NEWS_REFRESH_MS = 60_000;

/**
 * How many of the tenant's incidents have news for the user (getSupportTicketNews): the count
 * by the incidents menu entry. Invalidated when a detail is marked seen.
 */
export const incidentNewsQueryOptions = () =>
  queryOptions({
    ...$api.queryOptions('get', '/api/v1/support_tickets/news/'),
    refetchInterval: INCIDENT_NEWS_REFRESH_MS,
    refetchOnWindowFocus: true,
    // A courtesy in the header: a failure never toasts.
    meta: { errorToast: false },
  });
