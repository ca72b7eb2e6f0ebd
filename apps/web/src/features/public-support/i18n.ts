import { registerNamespace } from '#src/lib/i18n.ts';
import publicSupport from '#src/locales/cs/public-support.json';

// The 'publicSupport' strings ride in the chunk of the route modules that import this file.
registerNamespace('publicSupport', publicSupport);
