import { registerNamespace } from '#src/lib/i18n.ts';
import plannedOutages from '#src/locales/cs/planned-outages.json';

// The 'plannedOutages' strings ride in the chunk of the route modules that import this file.
registerNamespace('plannedOutages', plannedOutages);
