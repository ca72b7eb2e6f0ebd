import { createHash } from 'node:crypto';
import Bowser from 'bowser';
import type { components } from '../http/own-operations.gen.js';
import type { SessionRecord } from './session-store.js';

type ActiveSessionInfo = components['schemas']['ActiveSessionInfo'];

/**
 * The public handle of a session in the user's list: a hash of its id, so the list never
 * shows a session cookie (which is the session), and the handle cannot be turned back into one.
 */
export function sessionHandle(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('base64url').slice(0, 22);
}

const DEVICE_TYPES = new Set<ActiveSessionInfo['deviceType']>(['desktop', 'mobile', 'tablet']);

/** Browser, system and kind of device from a `User-Agent`, each null/unknown when not told. */
export function describeDevice(
  userAgent: string | undefined,
): Pick<ActiveSessionInfo, 'browser' | 'os' | 'deviceType'> {
  if (!userAgent) return { browser: null, os: null, deviceType: 'unknown' };
  const { browser, os, platform } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const type = platform.type as ActiveSessionInfo['deviceType'] | undefined;
  return {
    browser: browser.name ? [browser.name, major].filter(Boolean).join(' ') : null,
    os: os.name ? systemName(os) : null,
    deviceType: type !== undefined && DEVICE_TYPES.has(type) ? type : 'unknown',
  };
}

/**
 * Versions only where the user agent tells them truthfully: Windows 11 still says "NT 10.0"
 * and every Mac says 10.15.7, so those two are named without one.
 */
function systemName(os: { name?: string; version?: string }): string {
  const name = os.name ?? '';
  if (name === 'Windows' || name === 'macOS' || !os.version) return name;
  return `${name} ${os.version}`;
}

/** One entry of `listSessions` (bff.yaml `ActiveSessionInfo`). */
export function sessionInfo(id: string, record: SessionRecord, currentId: string): ActiveSessionInfo {
  return {
    id: sessionHandle(id),
    current: id === currentId,
    ...describeDevice(record.userAgent),
    createdAt: new Date(record.createdAt).toISOString(),
    lastActiveAt: new Date(record.lastActiveAt).toISOString(),
  };
}
