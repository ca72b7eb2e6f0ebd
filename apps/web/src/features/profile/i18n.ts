import { registerNamespace } from '#src/lib/i18n.ts';
import profile from '#src/locales/cs/profile.json';

// The 'profile' strings ride in the chunk of the route modules that import this file.
registerNamespace('profile', profile);
