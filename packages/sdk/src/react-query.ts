/**
 * TanStack Query bindings for the BFF client (openapi-react-query): `queryOptions`, `useQuery`,
 * `useSuspenseQuery`, `useInfiniteQuery` and `useMutation`, keyed `[method, path, init]`.
 * Errors are the client's `ApiError` (thrown by its middleware), typed as `ErrorBody`.
 */
import { queryOptions } from '@tanstack/react-query';
import createQueryClient, { type OpenapiQueryClient } from 'openapi-react-query';
import { fetchList, type ApiClient, type ClientPaths, type ListInitArgs, type ListPath } from './client.js';

export type QueryApi = OpenapiQueryClient<ClientPaths>;

export function createQueryApi(client: ApiClient): QueryApi {
  return createQueryClient(client);
}

/**
 * Query options for a list together with its `X-Total-Count`. The key starts like
 * openapi-react-query's (`['get', path, init]`), so invalidating `['get', path]` refreshes both,
 * and ends with `'withTotal'` so the two differently shaped cache entries never collide.
 */
export function listQueryOptions<Path extends ListPath>(client: ApiClient, path: Path, ...[init]: ListInitArgs<Path>) {
  return queryOptions({
    queryKey: ['get', path, init ?? null, 'withTotal'] as const,
    queryFn: ({ signal }) => fetchList(client, path, ...([{ ...init, signal }] as ListInitArgs<Path>)),
  });
}
