import { describe, expect, it } from 'vitest';
import { DATABASE_DRIVERS } from '../../../testing/scratch-database.js';
import { staffCastApp } from '../../../testing/staff-cast.js';
import type { Caller } from '../../../testing/test-client.js';

const QUEUE = '/api/v1/staff/support_tickets/';
const EVERY_PRIORITY = 'priority=low&priority=standard&priority=high&priority=critical';

type Counts = Record<'open' | 'in_progress' | 'resolved' | 'closed' | 'unassigned' | 'mine', number>;

/**
 * The overview's counts come from counters a trigger keeps (ticket_counts and, since migration
 * 0014, ticket_unassigned_counts); any other filter counts the tickets themselves, as does the
 * unassigned queue's total. All must agree after every kind of change: a new ticket, an
 * assignment, its removal, a status change.
 */
describe.each(DATABASE_DRIVERS)('staff counts from the counters (%s)', (driver) => {
  const cast = staffCastApp(driver);

  const counts = async (who: Caller, query = '') => {
    const response = await who.get(`${QUEUE}counts/${query}`);
    expect(response.statusCode).toBe(200);
    return response.body as Counts;
  };
  /** The same counts from the tickets themselves: every priority is no filter, but another shape. */
  const counted = (who: Caller, query = '') =>
    counts(who, query === '' ? `?${EVERY_PRIORITY}` : `${query}&${EVERY_PRIORITY}`);
  const unassignedTotal = async (who: Caller) => {
    const response = await who.get(`${QUEUE}?assignee=none&status=open&status=in_progress&page_size=100`);
    expect(Number(response.headers['x-total-count'])).toBe((response.body as unknown[]).length);
    return Number(response.headers['x-total-count']);
  };
  const agree = async () => {
    const overview = await counts(cast.tomas);
    expect(overview).toEqual(await counted(cast.tomas));
    expect(await unassignedTotal(cast.tomas)).toBe(overview.unassigned);
    for (const building of [cast.karlinId, cast.florencId]) {
      expect(await counts(cast.tomas, `?building=${building}`)).toEqual(
        await counted(cast.tomas, `?building=${building}`),
      );
    }
    // Eva's scope (Karlín) narrows the counters as it narrows the tickets.
    expect(await counts(cast.eva)).toEqual(await counted(cast.eva));
    expect(await counts(cast.eva)).toEqual(await counts(cast.tomas, `?building=${cast.karlinId}`));
    return overview;
  };
  const patch = async (id: number, body: unknown) => {
    const version = ((await cast.tomas.get(`${QUEUE}${id}/`)).body as { version: number }).version;
    const response = await cast.tomas.patch(`${QUEUE}${id}/`, body, version);
    expect(response.statusCode).toBe(200);
  };

  it('agree with the tickets through a ticket’s life', async () => {
    const before = await agree();
    expect(before.unassigned).toBeGreaterThan(0);

    const created = await cast.jana.post('/api/v1/support_tickets/', {
      subject: 'Nefunguje světlo v kuchyňce',
      description: 'Od rána.',
      building: cast.florencId,
    });
    const id = (created.body as { id: number }).id;
    expect(await agree()).toMatchObject({ open: before.open + 1, unassigned: before.unassigned + 1 });

    await patch(id, { assignee: cast.tomasId });
    expect(await agree()).toMatchObject({ unassigned: before.unassigned, mine: before.mine + 1 });

    await patch(id, { status: 'in_progress' });
    expect(await agree()).toMatchObject({ open: before.open, in_progress: before.in_progress + 1 });

    await patch(id, { assignee: null });
    expect(await agree()).toMatchObject({ unassigned: before.unassigned + 1, mine: before.mine });

    await patch(id, { status: 'resolved', resolution: 'Vyměněna žárovka.' });
    expect(await agree()).toMatchObject({
      in_progress: before.in_progress,
      resolved: before.resolved + 1,
      unassigned: before.unassigned,
    });
  });
});
