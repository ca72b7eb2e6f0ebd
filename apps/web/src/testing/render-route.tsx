import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { App, createApp } from '#src/app/app.tsx';
import { backendHandlers, createBackend, type MockBackend } from './msw-handlers.ts';
import { server } from './msw-server.ts';

/**
 * Renders the whole app (providers, router, guards) at `path` against an MSW backend, with a
 * fresh QueryClient that does not retry (A5 testing guide).
 */
export function renderRoute(path: string, backend: MockBackend = createBackend()) {
  server.use(...backendHandlers(backend));
  const { queryClient, router } = createApp((routes) => createMemoryRouter(routes, { initialEntries: [path] }), {
    queries: { retry: false },
    mutations: { retry: false },
  });
  const user = userEvent.setup();
  const view = render(<App queryClient={queryClient} router={router} />);
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, user, router, queryClient, backend, location };
}

/**
 * `renderRoute`, then waits for the page's h1: the lazy route module is transformed on first
 * use, which takes longer than Testing Library's default wait on a busy machine.
 */
export async function renderPage(path: string, backend?: MockBackend) {
  const view = renderRoute(path, backend);
  await screen.findByRole('heading', { level: 1 }, { timeout: 30_000 });
  return view;
}
