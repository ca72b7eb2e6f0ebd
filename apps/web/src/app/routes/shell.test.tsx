import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildConfig, buildSession, TENANT_A, TENANT_B } from '#src/testing/factories.ts';
import { createBackend } from '#src/testing/msw-handlers.ts';
import { renderRoute } from '#src/testing/render-route.tsx';

/**
 * Chooses a menu item with the keyboard (arrows + Enter), as a keyboard user would. A pointer
 * click on a zag menu item is unreliable in jsdom once earlier tests have set zag's global
 * interaction modality; real browsers (e2e) are not affected.
 */
async function chooseMenuItem(user: ReturnType<typeof renderRoute>['user'], item: HTMLElement) {
  const menu = item.closest('[role="menu"]') as HTMLElement;
  await waitFor(() => expect(menu).toHaveFocus());
  const items = [...menu.querySelectorAll('[role^="menuitem"]')];
  await user.keyboard('{ArrowDown}'.repeat(items.indexOf(item) + 1));
  await user.keyboard('{Enter}');
}

describe('shell', () => {
  it('offers a skip link to the main content and a login link to guests', async () => {
    renderRoute('/');
    await screen.findByRole('heading', { level: 1, name: 'Portál nájemníka' });
    const skip = screen.getByRole('link', { name: 'Přejít na obsah' });
    expect(skip).toHaveAttribute('href', '#obsah');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'obsah');
    expect(screen.getByRole('link', { name: 'Přihlásit se' })).toHaveAttribute('href', '/prihlaseni');
    expect(document.documentElement.lang).toBe('cs');
    await waitFor(() => expect(document.cookie).toContain('locale=cs'));
  });

  it("moves focus to the new page's h1 after a client-side navigation", async () => {
    const view = renderRoute('/');
    await screen.findByRole('heading', { level: 1, name: 'Portál nájemníka' });
    await view.user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Přihlásit se' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Přihlášení' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('shows the user menu named by the display name; „Můj profil" opens the profile', async () => {
    const view = renderRoute('/', createBackend({ session: buildSession() }));
    await view.user.click(await screen.findByRole('button', { name: 'Jana Nováková' }));
    await chooseMenuItem(view.user, await screen.findByRole('menuitem', { name: 'Můj profil' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Můj profil' });
    expect(view.location()).toBe('/profil');
    // Chosen from the menu with the keyboard: focus lands on the profile's heading.
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('logs out: DELETE, cache cleared, login page, success toast', async () => {
    const backend = createBackend({ session: buildSession() });
    const view = renderRoute('/profil', backend);
    await view.user.click(await screen.findByRole('button', { name: 'Jana Nováková' }));
    await chooseMenuItem(view.user, await screen.findByRole('menuitem', { name: 'Odhlásit se' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Přihlášení' })).toBeInTheDocument();
    expect(view.location()).toBe('/prihlaseni');
    expect(backend.requests.some((request) => request.method === 'DELETE')).toBe(true);
    expect(await screen.findByText('Byli jste odhlášeni.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Jana Nováková' })).not.toBeInTheDocument();
  });

  it('switches the tenant from the header when the user has several', async () => {
    const backend = createBackend({ session: buildSession({ selectedTenantId: TENANT_A.id }) });
    const view = renderRoute('/', backend);
    const switcher = await screen.findByRole('button', { name: `Nájemce: ${TENANT_A.name}` });
    await view.user.click(switcher);
    await chooseMenuItem(view.user, await screen.findByRole('menuitemradio', { name: TENANT_B.name }));

    expect(await within(screen.getByRole('main')).findByText(TENANT_B.name)).toBeInTheDocument();
    expect(await screen.findByText('Nájemce byl změněn')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: `Nájemce: ${TENANT_B.name}` })).toBeInTheDocument();
    expect(backend.requests.find((request) => request.method === 'PUT')?.body).toEqual({ tenantId: TENANT_B.id });
  });

  it('hides the tenant switcher for a single tenant or when its flag is off', async () => {
    renderRoute('/', createBackend({ session: buildSession({ tenants: [TENANT_A] }) }));
    await screen.findByRole('button', { name: 'Jana Nováková' });
    expect(screen.queryByRole('button', { name: /^Nájemce:/ })).not.toBeInTheDocument();
  });

  it('hides the tenant switcher when tenantSwitcher is off', async () => {
    renderRoute(
      '/',
      createBackend({ session: buildSession(), config: buildConfig({ features: { tenantSwitcher: false } }) }),
    );
    await screen.findByRole('button', { name: 'Jana Nováková' });
    expect(screen.queryByRole('button', { name: /^Nájemce:/ })).not.toBeInTheDocument();
  });
});

describe('home page', () => {
  it('greets a guest with an intro and a login link', async () => {
    renderRoute('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Portál nájemníka' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Přihlásit se do portálu' })).toHaveAttribute('href', '/prihlaseni');
  });

  it('greets a logged-in user by first name with the selected tenant', async () => {
    renderRoute('/', createBackend({ session: buildSession() }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dobrý den, Jano' })).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByText('Jednáte za nájemce:')).toBeInTheDocument();
    expect(main.getByText(TENANT_A.name)).toBeInTheDocument();
  });
});
