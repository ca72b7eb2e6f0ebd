import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { env } from '#src/config/env.ts';
import { recordPrerenderedTitle } from '#src/lib/prerender/document-title.ts';

/**
 * Sets the document title („Přihlášení – Portál nájemníka"). React 19 would hoist a <title>
 * element, but index.html already has one and browsers read the first, so it is set directly.
 * With `error`, the title gets the „Chyba: " prefix (GOV.UK error pattern).
 */
export function PageTitle({ title, error = false }: { title?: string; error?: boolean }) {
  const { t } = useTranslation();
  // Without a page title (home) the portal's name alone, not „Portál nájemníka – Portál nájemníka".
  const full = title ? t('pageTitle', { title }) : t('appName');
  const value = error ? t('errors.documentTitle', { message: full }) : full;
  // Build-time prerender only (a constant false in the browser bundle, so this is dropped there).
  if (env.prerendering) recordPrerenderedTitle(value);
  useEffect(() => {
    document.title = value;
  }, [value]);
  return null;
}
