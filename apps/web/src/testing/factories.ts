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
