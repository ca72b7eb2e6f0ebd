import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../../db/schema.js';
import { DEMO_STAFF_TOTP_SECRET } from '../../../demo/demo-data.js';
import { installTotp, removeSecondFactor } from '../../../domain/second-factor.js';
import { setStaffBuildings } from '../../../domain/staff.js';
import { eventually } from '../../../testing/eventually.js';
import { DATABASE_DRIVERS } from '../../../testing/scratch-database.js';
import { STAFF_ONLY, staffCastApp } from '../../../testing/staff-cast.js';
import type { Caller } from '../../../testing/test-client.js';

const QUEUE = '/api/v1/staff/support_tickets/';

interface StaffTicket {
  id: number;
  building: { id: number };
  status: string;
  created_at: string;
}

/**
 * The queue runs the staff guard's checks inside its own statement, assuming the buildings it
 * last saw for the caller (routes/v1/staff/tickets.ts, plugins/app/staff-guard.ts): every
 * change of the account, the second factor or the building limit must show on the next
 * request. On PostgreSQL an instance that listens serves a confirmed standing until the
 * change's notification arrives (domain/staff-queue-cache.ts, migration 0016), a moment after
 * the commit, so there the queue is read `eventually` until it shows the change.
 */
describe.each(DATABASE_DRIVERS)('the staff queue checks its caller in its own statement (%s)', (driver) => {
  const cast = staffCastApp(driver);

  const buildingsOf = async (who: Caller, query = '') => {
    const response = await who.get(`${QUEUE}${query}`);
    expect(response.statusCode).toBe(200);
    const items = response.body as StaffTicket[];
    return { ids: new Set(items.map((item) => item.building.id)), total: Number(response.headers['x-total-count']) };
  };

  it('follows a new building limit and its removal on the next request', async () => {
    const before = await buildingsOf(cast.tomas);
    expect(before.ids).toEqual(new Set([cast.karlinId, cast.florencId]));
    const karlinOnly = await buildingsOf(cast.tomas, `?building=${cast.karlinId}`);

    await setStaffBuildings(cast.app.db, cast.tomasId, [cast.karlinId]);
    await eventually(async () => (await buildingsOf(cast.tomas)).ids).toEqual(new Set([cast.karlinId]));
    const limited = await buildingsOf(cast.tomas);
    expect(limited.total).toBe(karlinOnly.total);
    // Another shape of the statement, assuming the limit this instance has now seen.
    expect((await buildingsOf(cast.tomas, `?building=${cast.florencId}`)).total).toBe(0);

    await setStaffBuildings(cast.app.db, cast.tomasId, []);
    await eventually(() => buildingsOf(cast.tomas)).toEqual(before);
  });

  it('refuses a staff member whose second factor was removed, and takes them back once set up', async () => {
    expect((await cast.tomas.get(QUEUE)).statusCode).toBe(200);
    await removeSecondFactor(cast.app.db, cast.tomasId);
    await eventually(async () => (await cast.tomas.get(QUEUE)).statusCode).toBe(403);
    const refused = await cast.tomas.get(QUEUE);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toEqual({
      code: 'second_factor_required',
      detail: 'Správa budov vyžaduje dvoufázové ověření. Nastavte si ho prosím v profilu.',
    });
    await installTotp(cast.app.db, cast.tomasId, DEMO_STAFF_TOTP_SECRET);
    await eventually(async () => (await cast.tomas.get(QUEUE)).statusCode).toBe(200);
  });

  it('refuses a deactivated account and a former staff member on the next request', async () => {
    await cast.app.db.update(users).set({ isActive: false }).where(eq(users.id, cast.tomasId));
    await eventually(async () => (await cast.tomas.get(QUEUE)).statusCode).toBe(401);
    const inactive = await cast.tomas.get(QUEUE);
    expect(inactive.statusCode).toBe(401);
    expect((inactive.body as { code: string }).code).toBe('user_inactive');

    await cast.app.db.update(users).set({ isActive: true, isStaff: false }).where(eq(users.id, cast.tomasId));
    await eventually(async () => (await cast.tomas.get(QUEUE)).statusCode).toBe(403);
    const former = await cast.tomas.get(QUEUE);
    expect(former.statusCode).toBe(403);
    expect(former.body).toEqual(STAFF_ONLY);

    await cast.app.db.update(users).set({ isStaff: true }).where(eq(users.id, cast.tomasId));
    await eventually(async () => (await cast.tomas.get(QUEUE)).statusCode).toBe(200);
  });

  it('answers a refused caller 403 before a bad query 400, and staff the 400', async () => {
    const bad = `${QUEUE}?status=hotovo`;
    const tenant = await cast.jana.get(bad);
    expect(tenant.statusCode).toBe(403);
    expect(tenant.body).toEqual(STAFF_ONLY);
    expect((await cast.tomas.get(bad)).statusCode).toBe(400);
    // A limited staff member's first request is a 400 too, and her scope still applies after it.
    expect((await cast.eva.get(bad)).statusCode).toBe(400);
    expect((await buildingsOf(cast.eva)).ids).toEqual(new Set([cast.karlinId]));
    // Text PostgreSQL cannot store is refused before validation (@portal/fastify-common text-safety): still
    // after the caller's checks.
    const malformed = `${QUEUE}?search=${encodeURIComponent('a\u0000b')}`;
    expect((await cast.jana.get(malformed)).body).toEqual(STAFF_ONLY);
    expect((await cast.tomas.get(malformed)).statusCode).toBe(400);
  });

  it('pages a building search in either order, with the same total as without paging', async () => {
    // "a" is in most tickets' text: several pages of one ticket each.
    const query = `?building=${cast.florencId}&status=open&status=in_progress&status=resolved&status=closed&search=a`;
    const whole = await cast.tomas.get(`${QUEUE}${query}&page_size=100`);
    const all = whole.body as StaffTicket[];
    expect(all.length).toBeGreaterThan(2);
    expect(Number(whole.headers['x-total-count'])).toBe(all.length);
    const paged: number[] = [];
    for (let page = 1; page <= all.length; page += 1) {
      const one = await cast.tomas.get(`${QUEUE}${query}&page_size=1&page=${page}`);
      expect(Number(one.headers['x-total-count'])).toBe(all.length);
      paged.push(...(one.body as StaffTicket[]).map((item) => item.id));
    }
    expect(paged).toEqual(all.map((item) => item.id));
    expect((await cast.tomas.get(`${QUEUE}${query}&page_size=1&page=${all.length + 1}`)).statusCode).toBe(404);
    const oldest = (await cast.tomas.get(`${QUEUE}${query}&page_size=100&ordering=created_at`)).body as StaffTicket[];
    expect(oldest.map((item) => item.id)).toEqual(all.map((item) => item.id).reverse());
  });
});
