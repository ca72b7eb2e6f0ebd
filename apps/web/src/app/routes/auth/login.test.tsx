import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildConfig, buildProfile, buildSession, TENANT_A, TENANT_B } from '#src/testing/factories.ts';
import { createBackend, WRONG_CODE, WRONG_CREDENTIALS, type MockAccount } from '#src/testing/msw-handlers.ts';
import { renderRoute } from '#src/testing/render-route.tsx';

const PASSWORD = 'Heslo123!';

function account(tenants = [TENANT_A, TENANT_B], selectedTenantId: string | null = null): MockAccount {
  return {
    email: 'jana.novakova@example.cz',
    password: PASSWORD,
    session: buildSession({ user: buildProfile(), tenants, selectedTenantId }),
  };
}

async function logIn(view: ReturnType<typeof renderRoute>, email = 'jana.novakova@example.cz', password = PASSWORD) {
  await view.user.type(await screen.findByLabelText('E-mail'), email);
  await view.user.type(screen.getByLabelText('Heslo'), password);
  await view.user.click(screen.getByRole('button', { name: 'Přihlásit se' }));
}

const tenantCalls = (view: ReturnType<typeof renderRoute>) =>
  view.backend.requests.filter((request) => request.method === 'PUT' && request.path === '/api/session/tenant');

describe('login page', () => {
  it('asks a user with a second factor for the code after the password, then logs in', async () => {
    const staff: MockAccount = {
      email: 'tomas.dvorak@sprava.example.cz',
      password: PASSWORD,
      session: buildSession({ user: buildProfile({ is_staff: true }), tenants: [], selectedTenantId: null }),
      secondFactorCode: '123456',
    };
    const view = renderRoute('/prihlaseni', createBackend({ accounts: [staff] }));
    await logIn(view, staff.email);

    const heading = await screen.findByRole('heading', { level: 1, name: 'Ověření přihlášení' });
    await waitFor(() => expect(heading).toHaveFocus());
    const code = screen.getByLabelText('Ověřovací kód');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await waitFor(() => expect(document.title).toBe('Ověření přihlášení – Portál nájemníka'));

    await view.user.type(code, '12');
    await view.user.click(screen.getByRole('button', { name: 'Ověřit a přihlásit se' }));
    expect(await screen.findByRole('link', { name: 'Ověřovací kód má šest číslic' })).toBeInTheDocument();

    await view.user.clear(code);
    await view.user.type(code, '654321');
    await view.user.click(screen.getByRole('button', { name: 'Ověřit a přihlásit se' }));
    expect(await screen.findByRole('link', { name: WRONG_CODE })).toBeInTheDocument();

    // The recovery code instead: a text field of its own.
    await view.user.click(screen.getByRole('button', { name: 'Použít záchranný kód' }));
    expect(screen.getByLabelText('Záchranný kód')).toHaveAttribute('autocomplete', 'off');
    await view.user.click(screen.getByRole('button', { name: 'Použít kód z aplikace' }));

    await view.user.type(screen.getByLabelText('Ověřovací kód'), '123456');
    await view.user.click(screen.getByRole('button', { name: 'Ověřit a přihlásit se' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/sprava'), { timeout: 30_000 });
  });

  it('shows the Czech form with labelled fields and the right autocomplete', async () => {
    renderRoute('/prihlaseni');
    expect(await screen.findByRole('heading', { level: 1, name: 'Přihlášení' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Heslo')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('button', { name: 'Přihlásit se' })).toHaveAttribute('type', 'submit');
    // No second „Přihlásit se" link in the header on the login page itself.
    expect(screen.queryByRole('link', { name: 'Přihlásit se' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Přihlášení – Portál nájemníka'));
  });

  it('validates on submit with Czech messages in a focused error summary', async () => {
    const view = renderRoute('/prihlaseni');
    await view.user.click(await screen.findByRole('button', { name: 'Přihlásit se' }));

    const summary = await screen.findByRole('heading', { name: 'Vyskytl se problém' });
    const box = summary.parentElement as HTMLElement;
    await waitFor(() => expect(box).toHaveFocus());
    expect(within(box).getByRole('link', { name: 'Zadejte e-mail' })).toHaveAttribute('href', '#login-email');
    expect(within(box).getByRole('link', { name: 'Zadejte heslo' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Chyba: Zadejte e-mail');
    await waitFor(() => expect(document.title).toBe('Chyba: Přihlášení – Portál nájemníka'));
    expect(view.backend.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('asks for a well-formed e-mail', async () => {
    const view = renderRoute('/prihlaseni');
    await logIn(view, 'jana.novakova', 'x');
    expect(await screen.findByRole('link', { name: /Zadejte e-mail ve správném tvaru/ })).toBeInTheDocument();
  });

  it('treats an e-mail of spaces as missing and sends a trimmed e-mail with the password verbatim', async () => {
    const view = renderRoute('/prihlaseni', createBackend({ accounts: [account()] }));
    await logIn(view, '   ', ' x ');
    expect(await screen.findByRole('link', { name: 'Zadejte e-mail' })).toBeInTheDocument();
    expect(view.backend.requests.some((request) => request.method === 'POST')).toBe(false);

    await view.user.clear(screen.getByLabelText('E-mail'));
    await view.user.type(screen.getByLabelText('E-mail'), '  jana.novakova@example.cz ');
    await view.user.click(screen.getByRole('button', { name: 'Přihlásit se' }));
    await waitFor(() => expect(view.backend.requests.some((request) => request.method === 'POST')).toBe(true));
    const login = view.backend.requests.find((request) => request.method === 'POST' && request.path === '/api/session');
    expect(login?.body).toEqual({ email: 'jana.novakova@example.cz', password: ' x ' });
  });

  it('shows the server message for wrong credentials and keeps what was typed', async () => {
    const view = renderRoute('/prihlaseni', createBackend({ accounts: [account()] }));
    await logIn(view, 'jana.novakova@example.cz', 'spatne-heslo');

    const summary = (await screen.findByRole('heading', { name: 'Vyskytl se problém' })).parentElement as HTMLElement;
    expect(within(summary).getByText(WRONG_CREDENTIALS)).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('jana.novakova@example.cz');
    expect(screen.getByLabelText('Heslo')).toHaveValue('spatne-heslo');
    expect(screen.getByLabelText('Heslo')).toHaveAttribute('aria-invalid', 'true');
    expect(view.location()).toBe('/prihlaseni');
    // The form shows the problem; no toast repeats it.
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('follows the redirect query after login', async () => {
    const view = renderRoute(
      '/prihlaseni?redirect=%2Fprofil',
      createBackend({ accounts: [account([TENANT_A, TENANT_B], TENANT_B.id)] }),
    );
    await logIn(view);
    expect(await screen.findByRole('heading', { level: 1, name: 'Můj profil' })).toBeInTheDocument();
    expect(view.location()).toBe('/profil');
    expect(tenantCalls(view)).toHaveLength(0);
  });

  it('ignores a redirect to another site', async () => {
    const view = renderRoute(
      `/prihlaseni?redirect=${encodeURIComponent('//evil.example/')}`,
      createBackend({ accounts: [account()] }),
    );
    await logIn(view);
    expect(await screen.findByRole('heading', { level: 1, name: 'Výběr nájemce' })).toBeInTheDocument();
    expect(view.location()).toBe('/tenant');
  });

  it('goes home with hideTenantLogin on, without selecting a tenant', async () => {
    const view = renderRoute(
      '/prihlaseni',
      createBackend({ config: buildConfig({ hideTenantLogin: true }), accounts: [account([TENANT_A])] }),
    );
    await logIn(view);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dobrý den, Jano' })).toBeInTheDocument();
    expect(view.location()).toBe('/');
    expect(tenantCalls(view)).toHaveLength(0);
  });

  it('auto-selects the only tenant and goes home', async () => {
    const view = renderRoute('/prihlaseni', createBackend({ accounts: [account([TENANT_A])] }));
    await logIn(view);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dobrý den, Jano' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByText(TENANT_A.name)).toBeInTheDocument();
    expect(view.location()).toBe('/');
    expect(tenantCalls(view).map((call) => call.body)).toEqual([{ tenantId: TENANT_A.id }]);
  });

  it('auto-selects the only tenant before following a redirect that needs one', async () => {
    const view = renderRoute(
      '/prihlaseni?redirect=%2F%3Fvitejte%3D1',
      createBackend({ accounts: [account([TENANT_A])] }),
    );
    await logIn(view);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dobrý den, Jano' })).toBeInTheDocument();
    expect(view.location()).toBe('/?vitejte=1');
    expect(tenantCalls(view)).toHaveLength(1);
  });

  it('sends a user with several tenants to the tenant page', async () => {
    const view = renderRoute('/prihlaseni', createBackend({ accounts: [account()] }));
    await logIn(view);
    expect(await screen.findByRole('heading', { level: 1, name: 'Výběr nájemce' })).toBeInTheDocument();
    expect(view.location()).toBe('/tenant');
    expect(tenantCalls(view)).toHaveLength(0);
  });

  it('falls back to the tenant page when the tenant cannot be selected', async () => {
    const view = renderRoute(
      '/prihlaseni?redirect=%2Fprofil',
      createBackend({ accounts: [account([TENANT_A])], tenantSelectFailure: 503 }),
    );
    await logIn(view);
    expect(await screen.findByRole('heading', { level: 1, name: 'Výběr nájemce' })).toBeInTheDocument();
    expect(view.location()).toBe('/tenant?redirect=%2Fprofil');
    expect(await screen.findByText('Seznam nájemců se nepodařilo načíst.')).toBeInTheDocument();
  });

  it('sends the CSRF header with every API call', async () => {
    const view = renderRoute('/prihlaseni', createBackend({ accounts: [account([TENANT_A])] }));
    await logIn(view);
    await screen.findByRole('heading', { level: 1, name: 'Dobrý den, Jano' });
    expect(view.backend.requests.length).toBeGreaterThan(2);
    for (const request of view.backend.requests) expect(request.csrf).toBe('1');
  });
});
