import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GLOBAL_CSS_HEADER, renderGlobalCss } from './global-css';
import { BRAND_TEXT_COLOR, portalSystem } from './system';

const system = portalSystem();

const committed = readFileSync(new URL('./global.css', import.meta.url), 'utf8');

describe('global.css', () => {
  it('is what the system generates now (run `pnpm --filter @portal/ui generate` after a theme change)', () => {
    expect(committed).toBe(`${GLOBAL_CSS_HEADER}${renderGlobalCss(system)}\n`);
  });

  it('declares the cascade layers first and holds the reset, the global CSS and the token variables', () => {
    const css = renderGlobalCss(system);
    expect(css.startsWith('@layer reset, base, tokens, recipes;')).toBe(true);
    expect(css).toContain('@layer reset{');
    expect(css).toContain('@layer base{');
    expect(css).toContain(`--chakra-colors-brand-fg:${BRAND_TEXT_COLOR}`);
    // The focus ring of a page heading that took focus after a navigation (globalCss).
    expect(css).toContain('h1[tabindex="-1"]:focus-visible');
  });

  it('is not inserted again at run time: the provider gets no global styles to build', () => {
    expect(system._global).toEqual([]);
  });
});
