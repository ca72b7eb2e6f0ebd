import type { Profile, RuntimeConfig, Session, Tenant } from '@portal/sdk/client';
import { DEFAULT_FEATURES } from '#src/lib/runtime-config.ts';

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
