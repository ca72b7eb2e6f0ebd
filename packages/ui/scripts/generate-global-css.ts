/**
 * Writes src/theme/global.css: the Chakra system's global styles as a static stylesheet
 * (src/theme/global-css.ts). Run after changing the theme; a test fails while it is stale.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GLOBAL_CSS_HEADER, renderGlobalCss } from '../src/theme/global-css.ts';
import { portalSystem } from '../src/theme/system.ts';

const target = fileURLToPath(new URL('../src/theme/global.css', import.meta.url));
const css = `${GLOBAL_CSS_HEADER}${renderGlobalCss(portalSystem())}\n`;
writeFileSync(target, css);
console.log(`wrote ${target} (${(css.length / 1024).toFixed(1)} KB)`);
