import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import auth from '#src/locales/cs/auth.json';
import common from '#src/locales/cs/common.json';
import home from '#src/locales/cs/home.json';
import incidents from '#src/locales/cs/incidents.json';
import profile from '#src/locales/cs/profile.json';
import tenants from '#src/locales/cs/tenants.json';

/**
 * i18next with one namespace per feature plus `common` (CONVENTIONS C21). Czech is the only
 * language; the detection and the `locale` cookie stay so a second language is a resource
 * folder away (DESIGN: no visible switcher).
 */

export const SUPPORTED_LOCALES = ['cs'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'cs';

/** BCP 47 tags for Intl, per UI locale. */
export const INTL_LOCALE: Record<Locale, string> = { cs: 'cs-CZ' };

export const defaultNS = 'common';
export const resources = {
  cs: { common, auth, tenants, home, profile, incidents },
} as const;

const LOCALE_COOKIE = 'locale';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

const isSupported = (value: string | null | undefined): value is Locale =>
  SUPPORTED_LOCALES.includes(value as Locale);

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
  const fromRoute = new URLSearchParams(window.location.search).get('lang');
  if (isSupported(fromRoute)) return fromRoute;
  const fromCookie = readCookie(LOCALE_COOKIE);
  if (isSupported(fromCookie)) return fromCookie;
  const fromBrowser = navigator.languages
    .map((tag) => tag.split('-')[0]?.toLowerCase())
    .find(isSupported);
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
      ns: Object.keys(resources.cs),
      defaultNS,
      resources,
      // Resources are bundled, so init finishes synchronously and the first render has texts.
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  persistLocale(locale);
  return i18next;
}

export function currentLocale(): Locale {
  const language = i18next.resolvedLanguage;
  return isSupported(language) ? language : DEFAULT_LOCALE;
}
