import { Provider as UiProvider } from '@portal/ui/provider';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppErrorBoundary } from '#src/components/errors/app-error-boundary.tsx';
import { ToasterHost } from './toaster-host.tsx';

/** Design system → root error boundary → data layer; the toast area sits beside the routes. */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <UiProvider>
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          {children}
          <ToasterHost />
        </QueryClientProvider>
      </AppErrorBoundary>
    </UiProvider>
  );
}
