import { registerNamespace } from '#src/lib/i18n.ts';
import incidents from '#src/locales/cs/incidents.json';

// The 'incidents' strings ride in the chunk of the route modules that import this file.
registerNamespace('incidents', incidents);
