import { registerNamespace } from '#src/lib/i18n.ts';
import tenants from '#src/locales/cs/tenants.json';

// The 'tenants' strings ride in the chunk of the route modules that import this file.
registerNamespace('tenants', tenants);
