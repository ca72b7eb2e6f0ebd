import {
  MutationCache,
  QueryCache,
  QueryClient,
  type DefaultOptions,
  type Mutation,
  type Query,
} from '@tanstack/react-query';
import { isApiError } from '#src/lib/errors.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: QueryMeta;
    mutationMeta: MutationMeta;
  }
}

interface QueryMeta extends Record<string, unknown> {
  /** false: the screen shows this error itself, the global toast stays quiet. */
  errorToast?: boolean;
  /** false: a 401 here is expected (e.g. logout) and must not send the user to the login page. */
  authRedirect?: boolean;
}
type MutationMeta = QueryMeta;

export type ApiErrorSource =
  | { kind: 'query'; query: Query<unknown, unknown, unknown> }
  | { kind: 'mutation'; mutation: Mutation<unknown, unknown, unknown, unknown> };

export type GlobalErrorHandler = (error: unknown, source: ApiErrorSource) => void;

/**
 * Client errors (4xx) are answers, not glitches: retrying them only delays the message.
 * Network failures (status 0) and 5xx get one retry; the BFF already retries upstream calls.
 */
function shouldRetry(failureCount: number, error: unknown) {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * Creates the QueryClient. The app passes the handler that decides about toasts and the
 * 401 redirect (docs/architecture.md §6): the transport stays free of UI effects.
 */
export function createQueryClient(onError?: GlobalErrorHandler, overrides: DefaultOptions = {}) {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => onError?.(error, { kind: 'query', query }),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => onError?.(error, { kind: 'mutation', mutation }),
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, ...overrides.queries },
      mutations: { retry: false, ...overrides.mutations },
    },
  });
}
