import type { DownloadedFile } from '@portal/sdk/files';
import { queryOptions } from '@tanstack/react-query';

/** The two sizes of the API's previews: `small` fits 320 px (a thumbnail), `large` 1600 px (the viewer). */
export type PreviewSize = 'small' | 'large';

/**
 * A preview of an image attachment as a query (docs/architecture.md §6): the WebP the API made,
 * fetched through `@portal/sdk/files` like every download (the session, `X-CSRF` and an access
 * code header), never the original. The caller gives the key (`['get', path, init]`, as
 * `$api.queryOptions` makes them) and the download. An attachment never changes, so its preview
 * never goes stale; a failed preview shows the file without a picture, so no global toast.
 */
export const previewQueryOptions = (
  queryKey: readonly ['get', string, unknown],
  load: (signal: AbortSignal) => Promise<DownloadedFile>,
) =>
  queryOptions({
    queryKey,
    queryFn: async ({ signal }) => (await load(signal)).blob,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
    meta: { errorToast: false },
  });

export type PreviewQueryOptions = ReturnType<typeof previewQueryOptions>;
