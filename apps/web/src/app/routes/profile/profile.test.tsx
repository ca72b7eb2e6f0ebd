import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildProfile, buildSession, buildStaffSession } from '#src/testing/factories.ts';
import { createBackend, WRONG_CURRENT, WRONG_PASSWORD } from '#src/testing/msw-handlers.ts';
import { renderRoute } from '#src/testing/render-route.tsx';

const SESSIONS = [
  {
    id: 'tento',
    current: true,
    browser: 'Firefox 133',
    os: 'Windows',
    deviceType: 'desktop' as const,
    createdAt: '2026-11-20T08:00:00Z',
    lastActiveAt: '2026-11-26T09:30:00Z',
  },
  {
    id: 'telefon',
    current: false,
    browser: 'Safari 17',
    os: 'iOS 17.5',
    deviceType: 'mobile' as const,
    createdAt: '2026-11-02T07:15:00Z',
    lastActiveAt: '2026-11-25T18:05:00Z',
  },
  {
    id: 'nezname',
    current: false,
    browser: null,
    os: null,
    deviceType: 'unknown' as const,
    createdAt: '2026-10-30T12:00:00Z',
    lastActiveAt: '2026-10-31T12:00:00Z',
  },
];

function openProfile(overrides: Parameters<typeof createBackend>[0] = {}) {
  return renderRoute('/profil', createBackend({ session: buildSession(), ...overrides }));
}

describe('profile page', () => {
  it('shows the details in labelled fields, the e-mail read-only', async () => {
    openProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'Můj profil' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Osobní údaje' })).toBeInTheDocument();
    expect(screen.getByLabelText('Jméno')).toHaveValue('Jana');
    expect(screen.getByLabelText('Příjmení')).toHaveValue('Nováková');
    expect(screen.getByLabelText('E-mail')).toHaveValue('jana.novakova@example.cz');
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/^Telefon/)).toHaveValue('+420 123 456 789');
    expect(screen.getByLabelText(/^Telefon/)).toHaveAttribute('autocomplete', 'tel');
    await waitFor(() => expect(document.title).toBe('Můj profil – Portál nájemníka'));
  });

  it('saves name and phone, updates the header and confirms with a toast', async () => {
    const view = openProfile();
    const phone = await screen.findByLabelText(/^Telefon/);
    await view.user.clear(screen.getByLabelText('Příjmení'));
    await view.user.type(screen.getByLabelText('Příjmení'), '  Dvořáková ');
    await view.user.clear(phone);
    await view.user.type(phone, '601 111 222');
    await view.user.click(screen.getByRole('button', { name: 'Uložit údaje' }));

    expect(await screen.findByText('Údaje byly uloženy.')).toBeInTheDocument();
    expect(view.backend.requests.find((request) => request.method === 'PATCH')?.body).toEqual({
      first_name: 'Jana',
      last_name: 'Dvořáková',
      phone: '601 111 222',
    });
    expect(await screen.findByRole('button', { name: 'Jana Dvořáková' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Telefon/)).toHaveValue('+420 601 111 222');
  });

  it('removes the phone when the field is emptied', async () => {
    const view = openProfile();
    await view.user.clear(await screen.findByLabelText(/^Telefon/));
    await view.user.click(screen.getByRole('button', { name: 'Uložit údaje' }));
    await screen.findByText('Údaje byly uloženy.');
    expect(view.backend.requests.find((request) => request.method === 'PATCH')?.body).toMatchObject({ phone: null });
  });

  it('validates in Czech on submit and sends nothing', async () => {
    const view = openProfile({ session: buildSession({ user: buildProfile({ phone: null }) }) });
    await view.user.clear(await screen.findByLabelText('Jméno'));
    await view.user.type(screen.getByLabelText(/^Telefon/), '12ab');
    await view.user.click(screen.getByRole('button', { name: 'Uložit údaje' }));

    const summary = (await screen.findByRole('heading', { name: 'Vyskytl se problém' })).parentElement as HTMLElement;
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getByRole('link', { name: 'Zadejte jméno' })).toHaveAttribute('href', '#profile-first-name');
    expect(within(summary).getByRole('link', { name: /Zadejte telefon ve správném tvaru/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Jméno')).toHaveAccessibleDescription('Chyba: Zadejte jméno');
    expect(view.backend.requests.some((request) => request.method === 'PATCH')).toBe(false);
  });

  it('shows a server field error at the field', async () => {
    const view = openProfile();
    const phone = await screen.findByLabelText(/^Telefon/);
    await view.user.clear(phone);
    await view.user.type(phone, '+420 601 111 222 33');
    await view.user.click(screen.getByRole('button', { name: 'Uložit údaje' }));
    expect(await screen.findByRole('link', { name: 'Telefon je příliš dlouhý.' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Telefon/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('goes to the login with the profile as redirect when the session has ended', async () => {
    const view = openProfile({ profileUnauthorized: 'session_expired' });
    await view.user.click(await screen.findByRole('button', { name: 'Uložit údaje' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Přihlášení' })).toBeInTheDocument();
    expect(view.location()).toBe('/prihlaseni?redirect=%2Fprofil');
    expect(screen.queryByRole('button', { name: 'Jana Nováková' })).not.toBeInTheDocument();
  });

  it('changes the password and clears the form', async () => {
    const view = openProfile();
    await view.user.type(await screen.findByLabelText('Současné heslo'), 'Heslo123!');
    await view.user.type(screen.getByLabelText('Nové heslo'), 'Nove-heslo-2026');
    await view.user.type(screen.getByLabelText('Nové heslo znovu'), 'Nove-heslo-2026');
    await view.user.click(screen.getByRole('button', { name: 'Změnit heslo' }));

    expect(await screen.findByText('Heslo bylo změněno.')).toBeInTheDocument();
    expect(view.backend.password).toBe('Nove-heslo-2026');
    expect(screen.getByLabelText('Současné heslo')).toHaveValue('');
    expect(screen.getByLabelText('Nové heslo')).toHaveAttribute('autocomplete', 'new-password');
  });

  it('checks the password fields and shows a wrong current password at its field', async () => {
    const view = openProfile();
    await view.user.type(await screen.findByLabelText('Nové heslo'), 'kratke');
    await view.user.type(screen.getByLabelText('Nové heslo znovu'), 'jine');
    await view.user.click(screen.getByRole('button', { name: 'Změnit heslo' }));
    expect(await screen.findByRole('link', { name: 'Zadejte současné heslo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nové heslo musí mít alespoň 8 znaků' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Hesla se neshodují/ })).toBeInTheDocument();

    await view.user.type(screen.getByLabelText('Současné heslo'), 'spatne');
    await view.user.clear(screen.getByLabelText('Nové heslo'));
    await view.user.type(screen.getByLabelText('Nové heslo'), 'Nove-heslo-2026');
    await view.user.clear(screen.getByLabelText('Nové heslo znovu'));
    await view.user.type(screen.getByLabelText('Nové heslo znovu'), 'Nove-heslo-2026');
    await view.user.click(screen.getByRole('button', { name: 'Změnit heslo' }));
    expect(await screen.findByRole('link', { name: WRONG_CURRENT })).toBeInTheDocument();
    expect(screen.getByLabelText('Současné heslo')).toHaveAttribute('aria-invalid', 'true');
  });

  describe('e-mail notifications', () => {
    /** The section once the settings are loaded (it shows a spinner until then). */
    const section = async () => {
      await screen.findByRole('button', { name: 'Uložit nastavení upozornění' });
      return screen.getByRole('region', { name: 'E-mailová upozornění' });
    };

    it('lists each kind the user receives with its setting, and not security mail', async () => {
      openProfile();
      const notifications = await section();
      const group = await within(notifications).findByRole('group', { name: 'Posílat mi e-mailem' });
      const boxes = within(group).getAllByRole('checkbox');
      expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual([
        'Odpovědi a změny stavu mých incidentů',
        'Návštěvy technika',
        'Potvrzení a zrušení rezervací',
        'Připomenutí rezervací',
        'Plánované odstávky v mé budově',
      ]);
      expect(within(group).getByRole('checkbox', { name: 'Návštěvy technika' })).toBeChecked();
      expect(within(group).getByRole('checkbox', { name: 'Plánované odstávky v mé budově' })).not.toBeChecked();
      expect(within(notifications).queryByRole('checkbox', { name: /hesl/i })).not.toBeInTheDocument();
    });

    it('saves the switched kinds and confirms in Czech', async () => {
      const view = openProfile();
      const notifications = await section();
      await view.user.click(await within(notifications).findByRole('checkbox', { name: 'Návštěvy technika' }));
      await view.user.click(within(notifications).getByRole('checkbox', { name: 'Plánované odstávky v mé budově' }));
      await view.user.click(within(notifications).getByRole('button', { name: 'Uložit nastavení upozornění' }));

      expect(await screen.findByText('Nastavení upozornění bylo uloženo.')).toBeInTheDocument();
      expect(view.backend.requests.find((request) => request.method === 'PUT')?.body).toEqual({
        kinds: [
          { kind: 'ticket_updates', enabled: true },
          { kind: 'ticket_visits', enabled: false },
          { kind: 'reservations', enabled: true },
          { kind: 'reservation_reminders', enabled: true },
          { kind: 'outages', enabled: true },
        ],
      });
      expect(within(notifications).getByRole('checkbox', { name: 'Návštěvy technika' })).not.toBeChecked();
      expect(within(notifications).getByRole('checkbox', { name: 'Plánované odstávky v mé budově' })).toBeChecked();
    });

    it('lists the staff kinds for a staff member', async () => {
      renderRoute(
        '/profil',
        createBackend({
          session: buildStaffSession(),
          notifications: [
            { kind: 'staff_new', enabled: true },
            { kind: 'staff_assigned', enabled: false },
          ],
        }),
      );
      const notifications = await section();
      expect(
        await within(notifications).findByRole('checkbox', { name: 'Nové incidenty a požadavky v mých budovách' }),
      ).toBeChecked();
      expect(
        within(notifications).getByRole('checkbox', {
          name: 'Odpovědi a znovuotevření u incidentů, které mám přidělené',
        }),
      ).not.toBeChecked();
    });

    it('keeps the choices and shows the server’s refusal in the form', async () => {
      const refusal = 'Nastavení se nepodařilo uložit, zkuste to prosím znovu.';
      const view = openProfile({
        notificationsFailure: {
          status: 400,
          body: { code: 'validation_error', message: refusal, fields: { kinds: refusal } },
        },
      });
      const notifications = await section();
      await view.user.click(await within(notifications).findByRole('checkbox', { name: 'Návštěvy technika' }));
      await view.user.click(within(notifications).getByRole('button', { name: 'Uložit nastavení upozornění' }));

      const summary = (await within(notifications).findByRole('heading', { name: 'Vyskytl se problém' }))
        .parentElement as HTMLElement;
      await waitFor(() => expect(summary).toHaveFocus());
      expect(within(summary).getByRole('link', { name: refusal })).toHaveAttribute('href', '#notification-kinds');
      expect(within(notifications).getByRole('checkbox', { name: 'Návštěvy technika' })).not.toBeChecked();
      expect(screen.queryByText('Nastavení upozornění bylo uloženo.')).not.toBeInTheDocument();
      expect(view.backend.notifications.find((setting) => setting.kind === 'ticket_visits')?.enabled).toBe(true);
    });
  });

  it('lists the signed-in devices with this one marked, and logs out another one', async () => {
    const view = openProfile({ sessions: structuredClone(SESSIONS) });
    const section = await screen.findByRole('region', { name: 'Přihlášená zařízení' });
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Firefox 133, Windows');
    expect(items[0]).toHaveTextContent('Toto zařízení');
    expect(within(items[0] as HTMLElement).queryByRole('button', { name: /^Odhlásit/ })).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Safari 17, iOS 17.5');
    expect(items[1]).toHaveTextContent('Naposledy použito 25. 11. 2026 19:05');
    expect(items[1]).not.toHaveTextContent('Toto zařízení');
    expect(items[2]).toHaveTextContent('Neznámé zařízení');

    await view.user.click(
      within(items[1] as HTMLElement).getByRole('button', { name: 'Odhlásit Safari 17, iOS 17.5' }),
    );
    expect(await screen.findByText('Zařízení bylo odhlášeno.')).toBeInTheDocument();
    expect(
      view.backend.requests.some((request) => request.method === 'DELETE' && request.path === '/api/sessions/telefon'),
    ).toBe(true);
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2));
    expect(section).not.toHaveTextContent('Safari 17');
  });

  it('logs out everywhere only with the right password, keeping a wrong one’s message in the form', async () => {
    const view = openProfile({ sessions: structuredClone(SESSIONS) });
    const section = await screen.findByRole('region', { name: 'Přihlášená zařízení' });
    const submit = within(section).getByRole('button', { name: 'Odhlásit všechna zařízení' });
    await view.user.click(submit);
    expect(await screen.findByRole('link', { name: 'Zadejte své heslo' })).toBeInTheDocument();
    expect(
      view.backend.requests.some((request) => request.path === '/api/sessions' && request.method === 'DELETE'),
    ).toBe(false);

    const password = within(section).getByLabelText('Vaše heslo');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    await view.user.type(password, 'spatne-heslo');
    await view.user.click(submit);
    expect(await screen.findByRole('link', { name: WRONG_PASSWORD })).toBeInTheDocument();
    expect(within(section).getByLabelText('Vaše heslo')).toHaveAttribute('aria-invalid', 'true');
    expect(view.location()).toBe('/profil');

    await view.user.clear(within(section).getByLabelText('Vaše heslo'));
    await view.user.type(within(section).getByLabelText('Vaše heslo'), 'Heslo123!');
    await view.user.click(submit);
    expect(await screen.findByRole('heading', { level: 1, name: 'Přihlášení' })).toBeInTheDocument();
    expect(await screen.findByText('Byli jste odhlášeni ze všech zařízení.')).toBeInTheDocument();
    expect(
      view.backend.requests.findLast((request) => request.path === '/api/sessions' && request.method === 'DELETE')
        ?.body,
    ).toEqual({
      password: 'Heslo123!',
    });
  });
});
