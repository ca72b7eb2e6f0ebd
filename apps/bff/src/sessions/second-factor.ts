import type { UpstreamClient } from '../upstream/upstream-client.js';
import { UpstreamSecondFactor } from '../upstream/upstream-second-factor.js';
import type { SessionRecord } from './session-store.js';

/**
 * Whether the session's user must set a second factor up before anything else (ADR 012): a
 * staff member without one. Asked of the upstream on login and on every session check (staff
 * only), so the flag clears as soon as the authenticator is active.
 */
export async function secondFactorSetupRequired(
  upstream: UpstreamClient,
  record: SessionRecord,
  requestId: string,
): Promise<boolean> {
  if (!record.user.is_staff) return false;
  const summary = await new UpstreamSecondFactor(upstream).summary(record.accessToken, requestId);
  return !summary.active;
}
