import type { defaultNS } from '#src/lib/i18n.ts';
import type { Namespaces } from '#src/locales/namespaces.ts';

// Typed translation keys: `t('auth:login.title')` is checked against the Czech resources.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    resources: Namespaces;
    returnNull: false;
  }
}
