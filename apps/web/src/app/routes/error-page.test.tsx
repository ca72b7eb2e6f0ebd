import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createBackend } from '#src/testing/msw-handlers.ts';
import { renderRoute } from '#src/testing/render-route.tsx';

describe('error page', () => {
  it('shows the status and the server message when the app cannot load, and recovers from „/"', async () => {
    const backend = createBackend({ configFailure: 503 });
    const view = renderRoute('/prihlaseni', backend);

    expect(await screen.findByRole('heading', { level: 1, name: '503' })).toBeInTheDocument();
    expect(screen.getByText('Služba je dočasně nedostupná.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Chyba: Služba je dočasně nedostupná. – Portál nájemníka'));

    backend.configFailure = null;
    await view.user.click(screen.getByRole('button', { name: 'Jít na domovskou stránku' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Portál nájemníka' })).toBeInTheDocument();
    expect(view.location()).toBe('/');
  });

  it('answers 404 with the Czech message when a route is invalid', async () => {
    renderRoute('/zapomenute-heslo/change');
    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
    expect(screen.getByText('Stránka nebyla nalezena.')).toBeInTheDocument();
  });
});
