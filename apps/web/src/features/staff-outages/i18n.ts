import { registerNamespace } from '#src/lib/i18n.ts';
import staffOutages from '#src/locales/cs/staff-outages.json';

// The strings ride in the chunk of the staff route module that imports this file.
registerNamespace('staffOutages', staffOutages);
