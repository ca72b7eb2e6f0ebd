import type { defaultNS, resources } from '#src/lib/i18n.ts';

// Typed translation keys: `t('auth:login.title')` is checked against the Czech resources.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    resources: (typeof resources)['cs'];
    returnNull: false;
  }
}
