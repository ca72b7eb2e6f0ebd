import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAltchaChallenge, buildConfig, buildProfile, buildSession, TENANT_A } from '#src/testing/factories.ts';
import { createBackend, NUMERIC_PASSWORD } from '#src/testing/msw-handlers.ts';
import { renderRoute } from '#src/testing/render-route.tsx';

const CONFIRMATION = /Pokud k zadanému e-mailu existuje účet, poslali jsme na něj odkaz/;

describe('password reset request', () => {
  it('is linked from the login page', async () => {
    const view = renderRoute('/prihlaseni');
    await view.user.click(await screen.findByRole('link', { name: 'Zapomněli jste heslo?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Zapomenuté heslo' })).toBeInTheDocument();
    expect(view.location()).toBe('/zapomenute-heslo');
  });

  it('always answers with the same confirmation', async () => {
    const view = renderRoute('/zapomenute-heslo');
    await view.user.type(await screen.findByLabelText('E-mail'), '  nikdo@example.cz ');
    await view.user.click(screen.getByRole('button', { name: 'Poslat odkaz' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Zkontrolujte svou e-mailovou schránku' }),
    ).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(CONFIRMATION);
    expect(view.backend.requests.find((request) => request.path === '/api/password-reset/request')?.body).toEqual({
      email: 'nikdo@example.cz',
    });
    expect(screen.getByRole('link', { name: 'Zpět na přihlášení' })).toHaveAttribute('href', '/prihlaseni');
  });

  it('asks for an e-mail in Czech', async () => {
    const view = renderRoute('/zapomenute-heslo');
    await view.user.click(await screen.findByRole('button', { name: 'Poslat odkaz' }));
    expect(await screen.findByRole('link', { name: 'Zadejte e-mail' })).toBeInTheDocument();
    await view.user.type(screen.getByLabelText('E-mail'), 'jana');
    await view.user.click(screen.getByRole('button', { name: 'Poslat odkaz' }));
    expect(await screen.findByRole('link', { name: /Zadejte e-mail ve správném tvaru/ })).toBeInTheDocument();
    expect(view.backend.requests.some((request) => request.method === 'POST')).toBe(false);
  });
});

describe('password reset request with bot protection', () => {
  it('solves an ALTCHA challenge and sends it in X-Bot-Token', async () => {
    const backend = createBackend({
      config: buildConfig({ botProtection: { provider: 'altcha', siteKey: null } }),
      altchaChallenge: await buildAltchaChallenge(),
    });
    const view = renderRoute('/zapomenute-heslo', backend);
    await view.user.type(await screen.findByLabelText('E-mail'), 'jana.novakova@example.cz');
    await view.user.click(screen.getByRole('button', { name: 'Poslat odkaz' }));
    expect(await screen.findByRole('status')).toHaveTextContent(CONFIRMATION);
    const sent = backend.requests.find((request) => request.path === '/api/password-reset/request');
    expect(JSON.parse(atob(sent?.botToken ?? ''))).toMatchObject({
      challenge: { signature: 'podpis' },
      solution: { counter: 7 },
    });
  });

  it('sends no bot token when protection is off', async () => {
    const view = renderRoute('/zapomenute-heslo');
    await view.user.type(await screen.findByLabelText('E-mail'), 'jana.novakova@example.cz');
    await view.user.click(screen.getByRole('button', { name: 'Poslat odkaz' }));
    await screen.findByRole('status');
    expect(
      view.backend.requests.find((request) => request.path === '/api/password-reset/request')?.botToken,
    ).toBeNull();
  });
});

describe('new password', () => {
  const link = '/zapomenute-heslo/change?uid=7&token=abc-123';

  it('answers 404 without uid or token', async () => {
    renderRoute('/zapomenute-heslo/change?token=abc');
    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
    expect(screen.getByText('Stránka nebyla nalezena.')).toBeInTheDocument();
  });

  it('sets the password and goes to the login with a success message', async () => {
    const backend = createBackend({
      resetLinks: ['7:abc-123'],
      accounts: [
        {
          email: 'jana.novakova@example.cz',
          password: 'Nove-heslo-2026',
          session: buildSession({ user: buildProfile(), tenants: [TENANT_A] }),
        },
      ],
    });
    const view = renderRoute(link, backend);
    expect(await screen.findByRole('heading', { level: 1, name: 'Nastavení nového hesla' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nové heslo')).toHaveAccessibleDescription(/Alespoň 8 znaků/);
    await view.user.type(screen.getByLabelText('Nové heslo'), 'Nove-heslo-2026');
    await view.user.type(screen.getByLabelText('Nové heslo znovu'), 'Nove-heslo-2026');
    await view.user.click(screen.getByRole('button', { name: 'Nastavit heslo' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Přihlášení' })).toBeInTheDocument();
    expect(view.location()).toBe('/prihlaseni');
    expect(screen.getByRole('status')).toHaveTextContent('Heslo bylo změněno. Přihlaste se novým heslem.');
    expect(backend.requests.find((request) => request.path === '/api/password-reset/confirm')?.body).toEqual({
      uid: '7',
      token: 'abc-123',
      password: 'Nove-heslo-2026',
    });
  });

  it('validates both fields in Czech', async () => {
    const view = renderRoute(link, createBackend({ resetLinks: ['7:abc-123'] }));
    await view.user.type(await screen.findByLabelText('Nové heslo'), 'kratke');
    await view.user.click(screen.getByRole('button', { name: 'Nastavit heslo' }));
    const summary = (await screen.findByRole('heading', { name: 'Vyskytl se problém' })).parentElement as HTMLElement;
    expect(within(summary).getByRole('link', { name: 'Nové heslo musí mít alespoň 8 znaků' })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Zadejte nové heslo znovu' })).toBeInTheDocument();

    await view.user.clear(screen.getByLabelText('Nové heslo'));
    await view.user.type(screen.getByLabelText('Nové heslo'), 'Nove-heslo-2026');
    await view.user.type(screen.getByLabelText('Nové heslo znovu'), 'Nove-heslo-2025');
    await view.user.click(screen.getByRole('button', { name: 'Nastavit heslo' }));
    expect(await screen.findByRole('link', { name: /Hesla se neshodují/ })).toBeInTheDocument();
    expect(view.backend.requests.some((request) => request.path === '/api/password-reset/confirm')).toBe(false);
  });

  it("shows the server's reason for refusing a password at the field", async () => {
    const view = renderRoute(link, createBackend({ resetLinks: ['7:abc-123'] }));
    await view.user.type(await screen.findByLabelText('Nové heslo'), '1234567890');
    await view.user.type(screen.getByLabelText('Nové heslo znovu'), '1234567890');
    await view.user.click(screen.getByRole('button', { name: 'Nastavit heslo' }));
    expect(await screen.findByRole('link', { name: NUMERIC_PASSWORD })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Chyba: Nastavení nového hesla – Portál nájemníka'));
  });

  it('explains a used or expired link as soon as the page opens, instead of the form', async () => {
    const view = renderRoute(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Odkaz už neplatí' })).toHaveFocus();
    expect(screen.queryByLabelText('Nové heslo')).not.toBeInTheDocument();
    // Said once: the page's own words, not also the server's.
    expect(screen.getAllByText(/neplatný/)).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Odkaz pro nastavení nového hesla už byl použit, je neplatný nebo mu vypršela platnost.',
    );
    expect(view.backend.requests.find((request) => request.path === '/api/password-reset/check')?.body).toEqual({
      uid: '7',
      token: 'abc-123',
    });
    await view.user.click(screen.getByRole('link', { name: 'Požádat o nový odkaz' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Zapomenuté heslo' })).toBeInTheDocument();
  });

  it('explains a link that died after the page opened once, after the submit', async () => {
    const backend = createBackend({ resetLinks: ['7:abc-123'] });
    const view = renderRoute(link, backend);
    await view.user.type(await screen.findByLabelText('Nové heslo'), 'Nove-heslo-2026');
    await view.user.type(screen.getByLabelText('Nové heslo znovu'), 'Nove-heslo-2026');
    backend.resetLinks = [];
    await view.user.click(screen.getByRole('button', { name: 'Nastavit heslo' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Odkaz už neplatí' })).toHaveFocus();
    expect(screen.getAllByText(/neplatný/)).toHaveLength(1);
    expect(screen.queryByLabelText('Nové heslo')).not.toBeInTheDocument();
  });
});
