/**
 * Every i18next namespace and the shape of its Czech strings, as types only: nothing here is
 * bundled. `types/i18next.d.ts` types `t()` keys from it, and `registerNamespace` checks that
 * a feature registers a listed namespace with the right shape. A new feature adds one line.
 */
import type attachments from './cs/attachments.json';
import type auth from './cs/auth.json';
import type common from './cs/common.json';
import type home from './cs/home.json';
import type incidents from './cs/incidents.json';
import type meterReadings from './cs/meter-readings.json';
import type billing from './cs/billing.json';
import type plannedOutages from './cs/planned-outages.json';
import type meetingRooms from './cs/meeting-rooms.json';
import type publicSupport from './cs/public-support.json';
import type profile from './cs/profile.json';
import type notifications from './cs/notifications.json';
import type tenants from './cs/tenants.json';
import type staff from './cs/staff.json';
import type staffIncidents from './cs/staff-incidents.json';
import type staffPublicSupport from './cs/staff-public-support.json';
import type staffOutages from './cs/staff-outages.json';
import type staffBilling from './cs/staff-billing.json';
import type staffMeetingRooms from './cs/staff-meeting-rooms.json';

export interface Namespaces {
  common: typeof common;
  attachments: typeof attachments;
  auth: typeof auth;
  home: typeof home;
  incidents: typeof incidents;
  meterReadings: typeof meterReadings;
  billing: typeof billing;
  plannedOutages: typeof plannedOutages;
  meetingRooms: typeof meetingRooms;
  publicSupport: typeof publicSupport;
  profile: typeof profile;
  notifications: typeof notifications;
  tenants: typeof tenants;
  staff: typeof staff;
  staffIncidents: typeof staffIncidents;
  staffPublicSupport: typeof staffPublicSupport;
  staffOutages: typeof staffOutages;
  staffBilling: typeof staffBilling;
  staffMeetingRooms: typeof staffMeetingRooms;
}
