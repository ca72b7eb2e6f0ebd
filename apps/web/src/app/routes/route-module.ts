import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { LoaderFunctionArgs } from 'react-router';

/**
 * What a lazy route module exports (A1): the screen as default export and, when it needs data
 * beyond config and session, a `clientLoader` factory that receives the QueryClient and uses
 * `ensureQueryData` with the same query options its components read.
 */
export interface RouteModule {
  default: ComponentType;
  clientLoader?: (queryClient: QueryClient) => (args: LoaderFunctionArgs) => Promise<unknown>;
}
