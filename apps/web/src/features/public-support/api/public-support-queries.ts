import type { components } from '@portal/sdk/schema';
import { queryOptions } from '@tanstack/react-query';
import { $api, apiClient } from '#src/lib/api.ts';
import { pragueDay } from '#src/lib/prague-time.ts';
import { isUnderWay, type MaintenanceEvent } from '../utils/ongoing-outages.ts';

export type PublicRequest = components['schemas']['PublicSupportRequest'];
export type PublicMessage = components['schemas']['PublicSupportMessage'];
export type PublicAttachment = components['schemas']['PublicSupportAttachment'];
export type PublicCategory = components['schemas']['PublicSupportCategory'];
export type PublicStatus = components['schemas']['TicketStatus'];
export type Building = components['schemas']['Building'];

export const PUBLIC_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const satisfies readonly PublicStatus[];

/** The request page refetches this often while open, so the operator's answer shows up by itself. */
export const REQUEST_REFRESH_MS = 15_000;

/**
 * One request with its messages and attachments, read with its access code. The code is part of
 * the query key (two codes are two different questions), never of the page address after the
 * first visit (routes/public-support: the code moves into this browser's remembered list).
 */
export const publicRequestQueryOptions = (id: number, code: string) =>
  queryOptions({
    ...$api.queryOptions('get', '/api/v1/public_support/{id}/', { params: { path: { id }, query: { code } } }),
    refetchInterval: REQUEST_REFRESH_MS,
    refetchOnWindowFocus: true,
    // A wrong code (404) or too many guesses (429) are shown by the page, not by the global toast.
    meta: { errorToast: false },
  });

/** Every building, for the public forms' building choice (buildings are public). */
export const publicBuildingsQueryOptions = () =>
  $api.queryOptions(
    'get',
    '/api/v1/buildings/',
    { params: { query: { page_size: 100, ordering: 'name' } } },
    { staleTime: 5 * 60_000 },
  );

/**
 * Planned outages under way in a building right now (public ones; the fault report is anonymous).
 * Today's events come from the API's day window; "under way" is decided here against the clock.
 */
export const ongoingOutagesQueryOptions = (buildingId: number) =>
  queryOptions({
    queryKey: ['public-support', 'ongoing-outages', buildingId],
    queryFn: async ({ signal }): Promise<MaintenanceEvent[]> => {
      const now = new Date();
      // The API's date_from/date_to are Prague days.
      const today = pragueDay(now);
      const { data } = await apiClient.GET('/api/v1/maintenance_events/', {
        params: {
          query: { building: buildingId, date_from: today, date_to: today, page_size: 100, ordering: 'starts_at' },
        },
        signal,
      });
      return (data ?? []).filter((event) => isUnderWay(event, now));
    },
    staleTime: 60_000,
    // The notice is a courtesy: if it cannot be loaded, the form works without it.
    meta: { errorToast: false },
  });
