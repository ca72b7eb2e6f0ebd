import { registerNamespace } from '#src/lib/i18n.ts';
import staffIncidents from '#src/locales/cs/staff-incidents.json';

// The staff area's strings ride in the chunks of the staff route modules that import this file.
registerNamespace('staffIncidents', staffIncidents);
