import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

const emptyList = () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } });

/**
 * Empty answers for the lists a tenant's home page reads, so every test that lands a tenant on
 * `/` has a quiet backend. They come last: a test's own `server.use(...)` handlers win.
 */
const homeListFallbacks = [
  '*/api/v1/billing_statements/',
  '*/api/v1/support_tickets/',
  '*/api/v1/buildings/',
  '*/api/v1/maintenance_events/',
  '*/api/v1/meeting_rooms/reservation/',
  '*/api/v1/meters/',
].map((path) => http.get(path, emptyList));

/** One MSW server for the test run; tests install their backend with `server.use(...)`. */
export const server = setupServer(...homeListFallbacks);
