import { listQueryOptions } from '@portal/sdk/react-query';
import { apiClient } from '#src/lib/api.ts';

/**
 * The tenant's unfinished incidents (new or being handled), most recently changed first: the
 * home page shows how many there are and links to the latest. One row is enough, the count
 * comes with it (X-Total-Count). The key starts like the list's, so a change refreshes it.
 */
export const openIncidentsQueryOptions = () =>
  listQueryOptions(apiClient, '/api/v1/support_tickets/', {
    params: { query: { page: 1, page_size: 1, ordering: '-updated_at', status: ['open', 'in_progress'] } },
  });
