import createCache from '@emotion/cache';
import { serializeStyles } from '@emotion/serialize';
import type { SystemContext } from '@chakra-ui/react';

/**
 * The system's global styles as one stylesheet: the cascade layer order, the reset, the global
 * CSS and every token as a CSS variable – what `ChakraProvider` would otherwise build and insert
 * through Emotion at start-up. Building it is most of `createSystem`'s cost (about 60 %, and
 * then Emotion serialises and hashes the whole object once more), work that is the same on
 * every page load, so the portal does it once, when `global.css` is generated, and the browser
 * gets a plain stylesheet (system.ts, patches/@chakra-ui__react@3.37.0.patch).
 *
 * Serialised and compiled by Emotion's own serializer and stylis, exactly as `<Global>` would.
 */
export function renderGlobalCss(system: SystemContext): string {
  // Outside a browser Emotion's cache compiles to text instead of inserting into a document.
  if (typeof document !== 'undefined') throw new Error('renderGlobalCss runs in Node (no document)');
  const cache = createCache({ key: 'css' });
  const globalStyles = [system.getPreflightCss(), system.getGlobalCss(), system.getTokenCss()];
  const serialized = serializeStyles([globalStyles], cache.registered);
  const rules = cache.insert('', serialized, cache.sheet, false);
  if (typeof rules !== 'string' || rules.length === 0) throw new Error('Emotion compiled no global CSS');
  // The layer order statement (`layers.atRule`, which portalSystemSteps empties for the provider).
  return `@layer ${system.layers.names.join(', ')};${rules}`;
}

export const GLOBAL_CSS_HEADER =
  '/* Generated from packages/ui/src/theme/system.ts by `pnpm --filter @portal/ui generate`; do not edit. */\n';
