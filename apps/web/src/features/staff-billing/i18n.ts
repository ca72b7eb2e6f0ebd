import { registerNamespace } from '#src/lib/i18n.ts';
import staffBilling from '#src/locales/cs/staff-billing.json';

// The strings ride in the chunk of the staff route module that imports this file.
registerNamespace('staffBilling', staffBilling);
