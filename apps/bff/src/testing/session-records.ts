import { randomInt } from 'node:crypto';
import type { UpstreamUser } from '../upstream/upstream-auth.js';
import type { SessionRecord } from '../sessions/session-store.js';

/** The idle timeout the store tests run with. */
export const TEST_IDLE_MS = 30 * 60_000;

/** The logged-in user of a stored session; `id` names another user. */
export function testUser(id = 7): UpstreamUser {
  return {
    id,
    email: 'jana@example.cz',
    first_name: 'Jana',
    last_name: 'Nováková',
    display_name: 'Jana Nováková',
    phone: null,
    is_staff: false,
  };
}

/** A user id of its own for a test, so the per-user index holds only that test's sessions. */
export function uniqueUserId(): number {
  return randomInt(1_000, 2 ** 47);
}

/** A live session as the session manager stores it after a login at `now`. */
export function sessionRecord(now: number, overrides: Partial<SessionRecord> = {}): SessionRecord {
  return {
    accessToken: 'access-1',
    accessExpiresAt: Math.floor(now / 1000) + 300,
    refreshToken: 'refresh-1',
    user: testUser(),
    tenants: [],
    selectedTenantId: null,
    createdAt: now,
    absoluteExpiresAt: now + 11 * 24 * 3600_000,
    lastActiveAt: now,
    ...overrides,
  };
}
