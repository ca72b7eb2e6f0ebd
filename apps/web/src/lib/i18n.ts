import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from '#src/locales/cs/common.json';
import type { Namespaces } from '#src/locales/namespaces.ts';

/**
 * i18next with one namespace per feature plus `common` (docs/architecture.md §6). Czech is the only
 * language; the detection and the `locale` cookie stay so a second language is a resource
 * folder away (docs/product.md §1: no language switcher is shown).
 *
 * Only `common` (shell, errors, forms) is in the entry bundle. A feature's namespace travels
 * in the chunk of the route modules that need it: the feature's `i18n.ts` calls
 * `registerNamespace` when a route module imports it, so the strings are there before the
 * route renders, with no extra request (bundle budget, issue #9).
 */

export const SUPPORTED_LOCALES = ['cs'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'cs';

/** BCP 47 tags for Intl, per UI locale. */
export const INTL_LOCALE: Record<Locale, string> = { cs: 'cs-CZ' };

export const defaultNS = 'common';

/**
 * Adds a feature's Czech strings. Called at module level by `features/<name>/i18n.ts`; safe
 * to call again (a second route module of the same feature, tests, hot reload). Typed: the
 * namespace must be listed in `locales/namespaces.ts` and the resources must have its shape.
 */
export function registerNamespace<N extends Exclude<keyof Namespaces, typeof defaultNS>>(
  ns: N,
  resources: Namespaces[N],
) {
  if (!i18next.isInitialized) {
    // i18next has no store before `init`; `initI18n` takes these along.
    registeredEarly[ns] = resources;
  } else if (!i18next.hasResourceBundle(DEFAULT_LOCALE, ns)) {
    i18next.addResourceBundle(DEFAULT_LOCALE, ns, resources);
  }
}

const registeredEarly: Partial<Namespaces> = {};

const LOCALE_COOKIE = 'locale';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

const isSupported = (value: string | null | undefined): value is Locale => SUPPORTED_LOCALES.includes(value as Locale);

function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : null;
}

/**
 * Detection order: the route (`?lang=`), then the cookie, then the browser's languages.
 * The route wins so a shared link can force a language once more than one exists.
 */
export function detectLocale(): Locale {
  // One language: nothing to detect (and no synchronous cookie read on the start-up path).
  if (SUPPORTED_LOCALES.length === 1) return DEFAULT_LOCALE;
  const fromRoute = new URLSearchParams(window.location.search).get('lang');
  if (isSupported(fromRoute)) return fromRoute;
  const fromCookie = readCookie(LOCALE_COOKIE);
  if (isSupported(fromCookie)) return fromCookie;
  const fromBrowser = navigator.languages.map((tag) => tag.split('-')[0]?.toLowerCase()).find(isSupported);
  return fromBrowser ?? DEFAULT_LOCALE;
}

export function persistLocale(locale: Locale) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
  document.documentElement.lang = locale;
}

export function initI18n(locale: Locale = detectLocale()) {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: SUPPORTED_LOCALES,
      ns: [defaultNS],
      defaultNS,
      resources: { [DEFAULT_LOCALE]: { ...registeredEarly, common } },
      // Resources are bundled, so init finishes synchronously and the first render has texts.
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  // The build's prerender runs in Node, where there is no document to keep a cookie in.
  // Remembered a moment later: writing a cookie is a synchronous round trip to the browser's
  // cookie store, which the start-up path need not wait for.
  if (typeof document !== 'undefined') setTimeout(() => persistLocale(locale));
  return i18next;
}

export function currentLocale(): Locale {
  const language = i18next.resolvedLanguage;
  return isSupported(language) ? language : DEFAULT_LOCALE;
}
