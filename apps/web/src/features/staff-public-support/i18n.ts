import { registerNamespace } from '#src/lib/i18n.ts';
import staffPublicSupport from '#src/locales/cs/staff-public-support.json';

// The strings ride in the chunks of the staff route modules that import this file.
registerNamespace('staffPublicSupport', staffPublicSupport);
