import { registerNamespace } from '#src/lib/i18n.ts';
import auth from '#src/locales/cs/auth.json';

// The 'auth' strings ride in the chunk of the route modules that import this file.
registerNamespace('auth', auth);
