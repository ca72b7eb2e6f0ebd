import type { RuntimeConfig, Session } from '@portal/sdk/client';
import { ROUTES, type RouteKey } from '#src/config/paths.ts';
import { isStaff } from '#src/lib/session.ts';

/** What a logged-in tenant works with, in menu order (planned outages concern them too). */
const TENANT_ENTRIES = ['incidents', 'meterReadings', 'billing', 'meetingRooms', 'plannedOutages'] as const;
/** What an anonymous visitor can do, in menu order. */
const PUBLIC_ENTRIES = ['publicSupport', 'faultReport', 'publicMeetingRooms', 'plannedOutages', 'order'] as const;

/** The staff area, in menu order; a screen not built yet (`pending`) is left out. */
const STAFF_ENTRIES = [
  'staffOverview',
  'staffIncidents',
  'staffPublicSupport',
  'staffOutages',
  'staffBilling',
  'staffMeetingRooms',
] as const;

export type MainMenuEntry = (typeof TENANT_ENTRIES)[number] | (typeof PUBLIC_ENTRIES)[number];
export type StaffMenuEntry = (typeof STAFF_ENTRIES)[number];

/**
 * The main menu: only pages the user can actually open. A hidden feature disappears from the
 * menu exactly as its route and API do; with `hideTenantLogin` every login page is sent home,
 * so a logged-in user then gets the public menu.
 */
export function mainMenuEntries(config: RuntimeConfig, session: Session | null): MainMenuEntry[] {
  // Staff get the staff menu instead (staffMenuEntries), whose strings load with the staff area.
  if (isStaff(session)) return [];
  const tenantMenu = session !== null && !config.hideTenantLogin;
  const candidates: readonly MainMenuEntry[] = tenantMenu ? TENANT_ENTRIES : PUBLIC_ENTRIES;
  return candidates.filter((key) => {
    const { feature } = ROUTES[key as RouteKey];
    return feature === null || config.features[feature];
  });
}

/** The staff member's menu: the staff area's pages that exist. */
export function staffMenuEntries(): StaffMenuEntry[] {
  return STAFF_ENTRIES.filter((key) => !('pending' in ROUTES[key]));
}
