import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '#src/testing/render-route.tsx';

describe('404 page', () => {
  it('shows status 404 and the Czech message for an unknown route, inside the shell', async () => {
    renderRoute('/tahle-stranka-neexistuje');
    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
    expect(screen.getByText('Stránka nebyla nalezena.')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Portál nájemníka' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Chyba: Stránka nebyla nalezena. – Portál nájemníka'));
  });

  it('goes home with „Jít na domovskou stránku"', async () => {
    const view = renderRoute('/neexistuje');
    await view.user.click(await screen.findByRole('button', { name: 'Jít na domovskou stránku' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Portál nájemníka' })).toBeInTheDocument();
    expect(view.location()).toBe('/');
  });
});
