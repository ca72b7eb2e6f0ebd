import { registerNamespace } from '#src/lib/i18n.ts';
import billing from '#src/locales/cs/billing.json';

// The 'billing' strings ride in the chunk of the route modules that import this file.
registerNamespace('billing', billing);
