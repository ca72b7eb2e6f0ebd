import type { components } from '@portal/sdk/schema';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { pragueDay } from '#src/lib/prague-time.ts';
import { buildConfig, buildSession } from '#src/testing/factories.ts';
import { createBackend } from '#src/testing/msw-handlers.ts';
import { server } from '#src/testing/msw-server.ts';
import { renderPage } from '#src/testing/render-route.tsx';

type Schemas = components['schemas'];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
/** Testing Library collapses no-break spaces in text content; its matchers get plain ones. */
const plain = (value: string) => value.replace(/\u00a0/g, ' ');

const florenc = { id: 1, name: 'Dům Florenc' };
const karlin = { id: 2, name: 'Karlín Business Center' };

function statement(id: number, amountDue: string, dueInDays: number): Schemas['BillingStatement'] {
  return {
    id,
    number: `2026000${id}`,
    period_from: '2026-10-01',
    period_to: '2026-10-31',
    issued_on: pragueDay(new Date(Date.now() - 20 * DAY)),
    due_date: pragueDay(new Date(Date.now() + dueInDays * DAY)),
    currency: 'CZK',
    total_amount: amountDue,
    paid_amount: '0.00',
    amount_due: amountDue,
    paid: false,
    paid_on: null,
    variable_symbol: `2026000${id}`,
    constant_symbol: null,
    bank_account: '2001234588/2010',
    iban: 'CZ6220100000002001234588',
    building: florenc,
    pdf_url: `/api/v1/billing_statements/${id}/pdf/`,
  };
}

function outage(id: number, building: typeof florenc, startsIn: number, endsIn: number): Schemas['MaintenanceEvent'] {
  return {
    id,
    building,
    title: `Odstávka ${id}`,
    description: '',
    category: 'water',
    visibility: 'public',
    starts_at: at(startsIn),
    ends_at: at(endsIn),
    created_at: at(-DAY),
    updated_at: at(-DAY),
  };
}

function meter(id: number, lastReadDaysAgo: number | null): Schemas['Meter'] {
  return {
    id,
    serial_number: `EL-${id}`,
    kind: 'electricity',
    unit: 'kWh',
    building: florenc,
    location: '2. patro',
    last_reading:
      lastReadDaysAgo === null ? null : { id: id * 10, value: '1200.000', read_at: at(-lastReadDaysAgo * DAY) },
    usual_daily_consumption: null,
  };
}

const whole = (items: readonly unknown[]) =>
  HttpResponse.json(items, { headers: { 'X-Total-Count': String(items.length) } });

function homeApi(data: {
  statements?: Schemas['BillingStatement'][];
  tickets?: Schemas['SupportTicket'][];
  outages?: Schemas['MaintenanceEvent'][];
  reservations?: Schemas['Reservation'][];
  meters?: Schemas['Meter'][];
  news?: number;
}) {
  const queries: Record<string, URLSearchParams[]> = {};
  const answer = (name: string, items: readonly unknown[]) =>
    http.get(`*/api/v1/${name}`, ({ request }) => {
      (queries[name] ??= []).push(new URL(request.url).searchParams);
      return whole(items);
    });
  server.use(
    answer('billing_statements/', data.statements ?? []),
    answer('support_tickets/', data.tickets ?? []),
    answer('buildings/', [florenc]),
    answer('maintenance_events/', data.outages ?? []),
    answer('meeting_rooms/reservation/', data.reservations ?? []),
    answer('meters/', data.meters ?? []),
  );
  return queries;
}

const tenantHome = (news = 0, features: Partial<Schemas['RuntimeConfig']['features']> = {}) =>
  createBackend({ session: buildSession(), incidentNews: () => news, config: buildConfig({ features }) });

describe('the tenant home page', { timeout: 30_000 }, () => {
  it('lists what needs attention, each a link, the late and the ongoing first', async () => {
    const queries = homeApi({
      statements: [statement(1, '1250.50', -3), statement(2, '48200.25', 10)],
      tickets: [
        {
          id: 7,
          subject: 'Teče voda z radiátoru',
          building: florenc,
          priority: 'high',
          status: 'in_progress',
          contact_phone: null,
          created_at: at(-3 * DAY),
          updated_at: '2026-11-20T09:00:00Z',
          resolution: null,
          assignee: null,
          visit: null,
        },
      ],
      outages: [
        outage(1, florenc, -HOUR, 2 * HOUR),
        outage(2, karlin, -HOUR, 2 * HOUR),
        outage(3, florenc, 3 * DAY, 3 * DAY + HOUR),
      ],
      reservations: [
        {
          id: 4,
          room: { id: 1, name: 'Zasedačka Vltava', building: florenc },
          title: 'Porada vedení',
          starts_at: at(DAY),
          ends_at: at(DAY + HOUR),
          attendees: 6,
          note: null,
          status: 'confirmed',
          created_by: { id: 1, display_name: 'Jana Nováková' },
          created_at: at(-DAY),
          cancelled_at: null,
          can_cancel: true,
        },
      ],
      meters: [meter(1, 45), meter(2, 3), meter(3, null)],
      news: 2,
    });
    await renderPage('/', tenantHome(2));

    const region = await screen.findByRole('region', { name: 'Co na vás čeká' });
    const list = await within(region).findByRole('list');
    const items = within(list).getAllByRole('listitem');
    // Urgent first: the overdue statement and the outage under way in the tenant's building.
    expect(items[0]).toHaveTextContent('Jedno vyúčtování je po splatnosti');
    expect(items[1]).toHaveTextContent('Právě probíhá');

    const billing = screen.getByTestId('attention-billing');
    expect(within(billing).getByRole('link', { name: '2 nezaplacená vyúčtování' })).toHaveAttribute(
      'href',
      '/vyuctovani',
    );
    expect(billing).toHaveTextContent(plain('K úhradě celkem 49\u00a0450,75\u00a0Kč'));

    expect(screen.getByRole('link', { name: 'Novinky u 2 incidentů' })).toHaveAttribute('href', '/hlaseni-incidentu');
    expect(screen.getByRole('link', { name: 'Jeden otevřený incident' })).toHaveAttribute(
      'href',
      '/hlaseni-incidentu/7',
    );
    // Only outages in the tenant's buildings: Karlín's is left out.
    expect(screen.getByRole('link', { name: 'Odstávka: Odstávka 1' })).toHaveAttribute('href', '/planovane-vypadky');
    expect(screen.getByRole('link', { name: 'Plánovaná odstávka: Odstávka 3' })).toBeInTheDocument();
    expect(screen.queryByText(/Odstávka 2/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vaše příští rezervace: Zasedačka Vltava' })).toBeInTheDocument();
    const readings = screen.getByTestId('attention-readings');
    expect(within(readings).getByRole('link', { name: 'Odečet čeká u 2 měřidel' })).toHaveAttribute(
      'href',
      '/odpocet-meridel?meridlo=1',
    );
    expect(readings).toHaveTextContent('Elektroměr EL-3 (zatím bez odečtu)');
    expect(readings).not.toHaveTextContent('EL-2');

    expect(queries['billing_statements/']?.[0]?.get('paid')).toBe('false');
    expect(queries['support_tickets/']?.[0]?.getAll('status')).toEqual(['open', 'in_progress']);
    expect(queries['buildings/']?.[0]?.get('tenant_only')).toBe('true');
  });

  it('says when nothing waits, and links a single statement directly', async () => {
    homeApi({});
    await renderPage('/', tenantHome());
    expect(await screen.findByText(/Nic nečeká na vaši pozornost/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Co na vás čeká' })).not.toBeInTheDocument();
  });

  it('links the only unpaid statement itself and asks nothing of features that are off', async () => {
    const queries = homeApi({ statements: [statement(5, '100.00', 5)] });
    await renderPage('/', tenantHome(0, { meterReadings: false, meetingRooms: false, maintenanceEvents: false }));
    const link = await screen.findByRole('link', { name: 'Nezaplacené vyúčtování' });
    expect(link).toHaveAttribute('href', '/vyuctovani?id=5');
    expect(screen.queryByText('Jedno vyúčtování je po splatnosti')).not.toBeInTheDocument();
    expect(queries['meters/']).toBeUndefined();
    expect(queries['meeting_rooms/reservation/']).toBeUndefined();
    expect(queries['maintenance_events/']).toBeUndefined();
  });

  it('shows the rest when one part cannot be loaded', async () => {
    homeApi({ meters: [meter(1, null)] });
    server.use(
      http.get('*/api/v1/billing_statements/', () =>
        HttpResponse.json({ code: 'upstream_unavailable', message: 'Nedostupné.' }, { status: 503 }),
      ),
    );
    await renderPage('/', tenantHome());
    expect(
      await screen.findByText('Část přehledu se nepodařilo načíst. Zkuste stránku za chvíli obnovit.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Odečet čeká u jednoho měřidla' })).toBeInTheDocument();
  });
});
