import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSession, TENANT_A, TENANT_B } from '#src/testing/factories.ts';
import { createBackend } from '#src/testing/msw-handlers.ts';
import { renderRoute } from '#src/testing/render-route.tsx';

describe('tenant selection page', () => {
  it('offers one button per tenant and goes to the redirect after choosing', async () => {
    const backend = createBackend({ session: buildSession({ selectedTenantId: null }) });
    const view = renderRoute('/tenant?redirect=%2Fprofil', backend);

    expect(await screen.findByRole('heading', { level: 1, name: 'Výběr nájemce' })).toBeInTheDocument();
    const buttons = within(screen.getByRole('main')).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([TENANT_A.name, TENANT_B.name]);

    await view.user.click(screen.getByRole('button', { name: TENANT_B.name }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Můj profil' })).toBeInTheDocument();
    expect(view.location()).toBe('/profil');
    expect(backend.requests.find((request) => request.method === 'PUT')?.body).toEqual({ tenantId: TENANT_B.id });
  });

  it('goes home without a redirect and marks the current tenant', async () => {
    const view = renderRoute('/tenant', createBackend({ session: buildSession({ selectedTenantId: TENANT_A.id }) }));
    const current = await screen.findByRole('button', { name: TENANT_A.name });
    expect(current).toHaveAccessibleDescription('Aktuálně vybraný');

    await view.user.click(screen.getByRole('button', { name: TENANT_B.name }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dobrý den, Jano' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByText(TENANT_B.name)).toBeInTheDocument();
    expect(view.location()).toBe('/');
  });

  it('explains when the account has no tenant', async () => {
    renderRoute('/tenant', createBackend({ session: buildSession({ tenants: [], selectedTenantId: null }) }));
    expect(await screen.findByText(/není přiřazen žádný nájemce/)).toBeInTheDocument();
  });
});
