import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createBackend } from '#src/testing/msw-handlers.ts';
import { server } from '#src/testing/msw-server.ts';
import { renderRoute } from '#src/testing/render-route.tsx';

const TOKEN = 'eyJlIjoicGV0ckBleGFtcGxlLmN6IiwiayI6InRpY2tldF91cGRhdGVzIn0.podpis';
const REFUSED = 'Odkaz pro odhlášení je neplatný nebo poškozený. Upozornění si nastavíte v profilu.';

/** The API's two unsubscribe operations for one genuine token; any other token is refused (400). */
function unsubscribeApi(enabled = true) {
  const api = { enabled, reads: 0, posts: [] as unknown[] };
  const answer = () => HttpResponse.json({ kind: 'ticket_updates', email: 'pe***@example.cz', enabled: api.enabled });
  const refused = () =>
    HttpResponse.json({ code: 'validation_error', message: REFUSED, fields: { token: REFUSED } }, { status: 400 });
  server.use(
    http.get('*/api/v1/notifications/unsubscribe/', ({ request }) => {
      api.reads += 1;
      return new URL(request.url).searchParams.get('token') === TOKEN ? answer() : refused();
    }),
    http.post('*/api/v1/notifications/unsubscribe/', async ({ request }) => {
      const body = (await request.json()) as { token: string };
      api.posts.push(body);
      if (body.token !== TOKEN) return refused();
      api.enabled = false;
      return answer();
    }),
  );
  return api;
}

describe('unsubscribe page', () => {
  it('shows which mail the link is for without changing anything, and needs no login', async () => {
    const api = unsubscribeApi();
    const view = renderRoute(`/odhlasit-odber?token=${TOKEN}`, createBackend({ session: null }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Odhlášení odběru e-mailů' })).toBeInTheDocument();
    expect(
      screen.getByText('Tímto odkazem odhlásíte adresu pe***@example.cz z odběru upozornění:'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('unsubscribe-kind')).toHaveTextContent('Odpovědi a změny stavu mých incidentů');
    expect(screen.getByRole('button', { name: 'Odhlásit odběr' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Odhlášení odběru e-mailů – Portál nájemníka'));
    expect(api.reads).toBeGreaterThan(0);
    expect(api.posts).toEqual([]);
    expect(api.enabled).toBe(true);
    expect(view.location()).toBe(`/odhlasit-odber?token=${TOKEN}`);
  });

  it('unsubscribes on the button and confirms in Czech, with the way back to the settings', async () => {
    const api = unsubscribeApi();
    const view = renderRoute(`/odhlasit-odber?token=${TOKEN}`);
    await view.user.click(await screen.findByRole('button', { name: 'Odhlásit odběr' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Odběr je odhlášen' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent(
      'Už vám nebudeme posílat upozornění „Odpovědi a změny stavu mých incidentů“ na adresu pe***@example.cz.',
    );
    expect(screen.getByRole('link', { name: 'Nastavit upozornění v profilu' })).toHaveAttribute('href', '/profil');
    expect(api.posts).toEqual([{ token: TOKEN }]);
    expect(api.enabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Odhlásit odběr' })).not.toBeInTheDocument();
  });

  it('keeps the button and says why when the unsubscribe did not go through', async () => {
    const api = unsubscribeApi();
    const unavailable = 'Služba je dočasně nedostupná. Zkuste to prosím za chvíli.';
    server.use(
      http.post('*/api/v1/notifications/unsubscribe/', () =>
        HttpResponse.json({ code: 'upstream_unavailable', message: unavailable }, { status: 503 }),
      ),
    );
    const view = renderRoute(`/odhlasit-odber?token=${TOKEN}`);
    await view.user.click(await screen.findByRole('button', { name: 'Odhlásit odběr' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(unavailable);
    expect(screen.getByRole('heading', { level: 1, name: 'Odhlášení odběru e-mailů' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Odhlásit odběr' })).toBeEnabled();
    expect(api.enabled).toBe(true);
  });

  it('says so when the mail is already switched off, with no button', async () => {
    unsubscribeApi(false);
    renderRoute(`/odhlasit-odber?token=${TOKEN}`);
    expect(await screen.findByText('Tato upozornění na adresu pe***@example.cz už nedostáváte.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Odhlásit odběr' })).not.toBeInTheDocument();
  });

  it('explains a forged or damaged link in Czech and offers the profile', async () => {
    const api = unsubscribeApi();
    renderRoute('/odhlasit-odber?token=poskozeny.odkaz');
    expect(await screen.findByRole('heading', { level: 1, name: 'Odkaz pro odhlášení neplatí' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Odkaz pro odhlášení je neplatný nebo poškozený. Zkopírujte prosím celý odkaz z e-mailu, nebo si upozornění nastavte v profilu.',
    );
    await waitFor(() => expect(document.title).toBe('Chyba: Odkaz pro odhlášení neplatí – Portál nájemníka'));
    expect(screen.getByRole('link', { name: 'Nastavit upozornění v profilu' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Odhlásit odběr' })).not.toBeInTheDocument();
    expect(api.posts).toEqual([]);
  });

  it('answers 404 without a token, asking the API nothing', async () => {
    const api = unsubscribeApi();
    renderRoute('/odhlasit-odber');
    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
    expect(api.reads).toBe(0);
  });
});
