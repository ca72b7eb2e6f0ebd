/**
 * Demo data seeded on first start (see seed.ts). Exported as `@portal/api/demo-data` so the
 * BFF and e2e tests log in with the same credentials without duplicating them. Keep this
 * module free of imports: importing it must not pull in the database drivers.
 */

/** Password of every demo user. Public on purpose: it only ever protects demo data. */
export const DEMO_PASSWORD = 'Heslo123!';

export const DEMO_TENANTS = {
  alfa: {
    id: '5f0c6a8e-1d2b-4c3a-9e4f-7a8b9c0d1e2f',
    name: 'Kancelářský dům Florenc – Alfa s.r.o.',
  },
  beta: {
    id: 'b3e1d7a2-6c4f-4e8b-a1d9-2f3e4a5b6c7d',
    name: 'Beta Solutions a.s.',
  },
} as const;

export interface DemoUser {
  readonly email: string;
  readonly password: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly phone: string | null;
  /** Tenants the user may act for (GET /tenant_access/ lists them by name, Czech collation). */
  readonly tenantIds: readonly string[];
}

export const DEMO_USERS = {
  /** Has access to two tenants, so the portal asks which one to work in. */
  jana: {
    email: 'jana.novakova@example.cz',
    password: DEMO_PASSWORD,
    firstName: 'Jana',
    lastName: 'Nováková',
    phone: '+420 601 234 567',
    tenantIds: [DEMO_TENANTS.alfa.id, DEMO_TENANTS.beta.id],
  },
  /** Has access to one tenant, which the portal selects automatically. */
  petr: {
    email: 'petr.svoboda@example.cz',
    password: DEMO_PASSWORD,
    firstName: 'Petr',
    lastName: 'Svoboda',
    phone: null,
    tenantIds: [DEMO_TENANTS.beta.id],
  },
} as const satisfies Record<string, DemoUser>;

/**
 * The operator's staff member who answers tickets in the demo (no tenant access): logs in to
 * the staff workspace (/sprava) with DEMO_PASSWORD and sees every building.
 */
/**
 * The TOTP secret (base32; SHA-1, 6 digits, 30 s) of both demo staff members' second factor
 * (ADR 012), documented in the README so anyone can add it to an authenticator app; the e2e
 * suite computes the codes from it.
 */
export const DEMO_STAFF_TOTP_SECRET = 'PORTALDEMOSTAFF2';

export const DEMO_STAFF = {
  email: 'tomas.dvorak@sprava.example.cz',
  firstName: 'Tomáš',
  lastName: 'Dvořák',
} as const;

/**
 * A second staff member, limited to one building (Karlín Business Center), so assignment has
 * a choice and the building limit can be tried out: tickets of other buildings are hidden.
 */
export const DEMO_STAFF_LIMITED = {
  email: 'eva.markova@sprava.example.cz',
  firstName: 'Eva',
  lastName: 'Marková',
  /** The name of the one building she manages. */
  building: 'Karlín Business Center',
} as const;

/** A demo public support request a visitor can open at /verejna-podpora/{id}?code=…. */
export const DEMO_PUBLIC_SUPPORT_CODE = 'K7QX-M9PD-3RTA-WHN4-ZC82';
