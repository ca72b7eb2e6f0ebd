import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * A prerendered page's critical CSS, and how the browser's Emotion cache takes it over.
 *
 * Emotion's own SSR format (`<style data-emotion="css id1 id2 …">`) is adopted by moving the
 * element: every Emotion cache created in the browser – including the default one that
 * `@emotion/react` creates when it loads – re-inserts such elements at the end of `<head>`.
 * Moving a stylesheet replaces it (a new CSSStyleSheet) and makes the browser recalculate the
 * style of the whole page in the middle of start-up (≈ 20 ms on a fast machine, four times that
 * on Lighthouse's mobile profile). Under an attribute of our own the element stays where the
 * prerender put it, and the client's cache is told which rules it already holds.
 */
export const PRERENDERED_STYLES_ATTRIBUTE = 'data-prerendered-styles';

/** Emotion's key: the prefix of every class name, the same on the server and in the browser. */
export const STYLE_CACHE_KEY = 'css';

/** A chunk of `extractCriticalToChunks` (@emotion/server). */
export interface CriticalStyles {
  key: string;
  ids: string[];
  css: string;
}

/** The `<style>` elements of a prerendered page's critical CSS, for its `<head>`. */
export function prerenderedStyleTags(chunks: CriticalStyles[]): string {
  return chunks
    .filter(({ css }) => css.length > 0)
    .map(({ key, ids, css }) =>
      key === STYLE_CACHE_KEY
        ? `<style ${PRERENDERED_STYLES_ATTRIBUTE}="${[key, ...ids].join(' ')}">${css}</style>`
        : // Another sheet (`<Global>` styles): Emotion's format, which `<Global>` adopts itself.
          `<style data-emotion="${[key, ...ids].join(' ')}">${css}</style>`,
    )
    .join('');
}

/**
 * The browser's Emotion cache. In a prerendered page it already knows the rules of the page's
 * critical CSS, so hydration inserts none of them again and leaves their element alone.
 */
export function createBrowserStyleCache(): EmotionCache {
  const cache = createCache({ key: STYLE_CACHE_KEY });
  for (const element of document.querySelectorAll(`style[${PRERENDERED_STYLES_ATTRIBUTE}]`)) {
    const [key, ...ids] = (element.getAttribute(PRERENDERED_STYLES_ATTRIBUTE) ?? '').split(' ');
    if (key !== STYLE_CACHE_KEY) continue;
    for (const id of ids) cache.inserted[id] = true;
  }
  return cache;
}
