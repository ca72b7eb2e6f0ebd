import { createApiClient } from '@portal/sdk/client';
import { createQueryApi } from '@portal/sdk/react-query';
import { env } from '#src/config/env.ts';

/**
 * The single API client (docs/architecture.md §6). The SDK sends the CSRF header and turns every
 * non-2xx answer into an `ApiError`; what to do about errors is decided by the UI (docs/architecture.md §6).
 * An absolute base URL keeps the client usable wherever `fetch` rejects relative URLs.
 */
export const apiClient = createApiClient({
  // The build's prerender has no window and no server: its pages must not call the API, and
  // this address makes any call that slips through fail loudly (src/prerender/pages.ts).
  baseUrl: env.apiBaseUrl || (env.prerendering ? 'http://prerender.invalid' : window.location.origin),
});

/** openapi-react-query wrapper: `$api.queryOptions('get', '/api/...')`, keys `[method, path, init]`. */
export const $api = createQueryApi(apiClient);
