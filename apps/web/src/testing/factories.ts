import type { Profile, RuntimeConfig, Session, Tenant } from '@portal/sdk/client';
import type { components } from '@portal/sdk/schema';
import { DEFAULT_FEATURES } from '#src/lib/runtime-config.ts';

type MeetingRoom = components['schemas']['MeetingRoom'];
type PlannedOutage = components['schemas']['MaintenanceEvent'];

export function buildProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 1,
    email: 'jana.novakova@example.cz',
    first_name: 'Jana',
    last_name: 'Nováková',
    display_name: 'Jana Nováková',
    phone: '+420123456789',
    is_staff: false,
    ...overrides,
  };
}

export const TENANT_A: Tenant = { id: 'tenant-a', name: 'Alfa Reality s.r.o.' };
export const TENANT_B: Tenant = { id: 'tenant-b', name: 'Beta Kanceláře a.s.' };

export function buildSession(overrides: Partial<Session> = {}): Session {
  return {
    user: buildProfile(),
    tenants: [TENANT_A, TENANT_B],
    selectedTenantId: TENANT_A.id,
    ...overrides,
  };
}

/** A staff member of the building operator: no tenants, none selected. */
export function buildStaffSession(overrides: Partial<Session> = {}): Session {
  return {
    user: buildProfile({
      id: 50,
      email: 'tomas.dvorak@sprava.example.cz',
      first_name: 'Tomáš',
      last_name: 'Dvořák',
      display_name: 'Tomáš Dvořák',
      phone: null,
      is_staff: true,
    }),
    tenants: [],
    selectedTenantId: null,
    ...overrides,
  };
}

export function buildConfig(
  overrides: Omit<Partial<RuntimeConfig>, 'features'> & { features?: Partial<RuntimeConfig['features']> } = {},
): RuntimeConfig {
  const { features, ...rest } = overrides;
  return {
    features: { ...DEFAULT_FEATURES, ...features },
    hideTenantLogin: false,
    botProtection: { provider: null, siteKey: null },
    sentry: { dsn: null, environment: 'test' },
    buildId: 'test',
    ...rest,
  };
}

/**
 * An ALTCHA challenge as the BFF (altcha-lib 2) signs it, whose solution is counter 7: the key
 * prefix is the derived key's. Tests check that the form solved it and sent the token.
 */
export async function buildAltchaChallenge() {
  const salt = '0a0b0c0d';
  const nonce = '01020304';
  const input = new Uint8Array([0x0a, 0x0b, 0x0c, 0x0d, 0x01, 0x02, 0x03, 0x04, 0, 0, 0, 7]);
  const digest = await crypto.subtle.digest('SHA-256', input);
  const keyPrefix = [...new Uint8Array(digest)]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, 32);
  return { parameters: { algorithm: 'SHA-256', nonce, salt, cost: 1, keyLength: 32, keyPrefix }, signature: 'podpis' };
}

/** A bookable room: Florenc, 12 people, 8:00–18:00 in 30-minute slots, open to the public. */
export function buildMeetingRoom(id: number, overrides: Partial<MeetingRoom> = {}): MeetingRoom {
  return {
    id,
    name: `Místnost ${id}`,
    building: { id: 1, name: 'Kancelářský dům Florenc' },
    floor: '1. patro',
    capacity: 12,
    equipment: ['Projektor', 'Flipchart'],
    description: 'Prosklená místnost.',
    photo_url: null,
    public_booking: true,
    opening_time: '08:00',
    closing_time: '18:00',
    slot_minutes: 30,
    max_duration_minutes: 240,
    ...overrides,
  };
}

/**
 * A public water outage in Florenc from `startHours` to `endHours` from now (null: open-ended),
 * published 100 hours ago.
 */
export function buildPlannedOutage(
  id: number,
  startHours: number,
  endHours: number | null,
  overrides: Partial<PlannedOutage> = {},
): PlannedOutage {
  const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
  return {
    id,
    building: { id: 1, name: 'Kancelářský dům Florenc' },
    title: `Odstávka ${id}`,
    description: 'Popis odstávky',
    category: 'water',
    visibility: 'public',
    starts_at: at(startHours),
    ends_at: endHours === null ? null : at(endHours),
    created_at: at(-100),
    updated_at: at(-100),
    ...overrides,
  };
}
