import { defaultSystem } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { BRAND_TEXT_COLOR, portalSystem } from './system';

const system = portalSystem();

describe('system', () => {
  it('exposes the brand text colour as a semantic token and uses it for body text', () => {
    expect(system.tokens.getByName('colors.brand.fg')?.value).toBe(BRAND_TEXT_COLOR);
    expect(system.token('colors.fg')).toBe('var(--chakra-colors-fg)');
    expect(system.tokens.getByName('colors.fg')?.extensions.conditions).toMatchObject({
      base: '{colors.brand.fg}',
    });
  });

  it('registers the recipes the portal renders', () => {
    for (const key of ['badge', 'button', 'heading', 'input', 'link', 'separator', 'textarea']) {
      expect(system.getRecipe(key)).toBeDefined();
    }
    for (const key of ['alert', 'field', 'menu', 'nativeSelect', 'table', 'toast', 'dataList']) {
      expect(system.getSlotRecipe(key)).toBeDefined();
    }
  });

  it('has light-mode values only: no token varies with a colour mode', () => {
    const conditional = system.tokens.allTokens.filter((token) => token.extensions.condition !== 'base');
    expect(conditional.map((token) => token.name)).toEqual([]);
    // A pair became its light value.
    expect(system.tokens.getByName('colors.bg.muted')?.value).toBe('var(--chakra-colors-gray-100)');
  });

  it('stays leaner than the default system (createSystem cost grows with tokens)', () => {
    expect(system.tokens.allTokens.length).toBeLessThan(defaultSystem.tokens.allTokens.length * 0.8);
  });
});
