import { defaultSystem } from '@chakra-ui/react';
import { toastSlotRecipe } from '@chakra-ui/react/theme';
import { describe, expect, it, vi } from 'vitest';
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

  it('gives the text of error, warning and success toasts WCAG AA contrast, the dimmed description too', () => {
    // Relative luminance and contrast ratio as WCAG 2.2 defines them.
    const channels = (hex: string) => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255);
    const luminance = (rgb: number[]) => {
      const [r, g, b] = rgb.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
        number,
        number,
        number,
      ];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const contrast = (a: number[], b: number[]) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (light + 0.05) / (dark + 0.05);
    };
    const hexOf = (token: string): string => {
      const value = system.tokens.getByName(token)?.value as string;
      const reference = /^var\(--chakra-colors-(.+)\)$/.exec(value)?.[1];
      return reference ? hexOf(`colors.${reference.replace('-', '.')}`) : value;
    };
    // The toast recipe the system registers dims the description.
    const descriptionOpacity = Number(toastSlotRecipe.base?.description?.opacity);
    expect(descriptionOpacity).toBeGreaterThan(0);
    for (const palette of ['red', 'orange', 'green']) {
      const background = channels(hexOf(`colors.${palette}.solid`));
      const white = channels(hexOf('colors.white'));
      const dimmed = white.map((c, i) => c * descriptionOpacity + (background[i] as number) * (1 - descriptionOpacity));
      expect(contrast(white, background), palette).toBeGreaterThanOrEqual(4.5);
      expect(contrast(dimmed, background), palette).toBeGreaterThanOrEqual(4.5);
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

  it('can be created a step at a time, the same system as created at once', async () => {
    vi.resetModules();
    const fresh = await import('./system');
    const steps = fresh.portalSystemSteps();
    let count = 0;
    let step = steps.next();
    while (!step.done) {
      count += 1;
      step = steps.next();
    }
    // Configuration, four token steps, conditions and utilities: start-up yields between them.
    expect(count).toBeGreaterThanOrEqual(6);
    const stepped = step.value;
    expect(fresh.portalSystem()).toBe(stepped);
    expect(stepped._global).toEqual([]);
    expect(stepped.token('colors.fg')).toBe(system.token('colors.fg'));
    expect(stepped.tokens.allTokens.length).toBe(system.tokens.allTokens.length);
    expect(stepped.css({ color: 'fg.muted', px: '4' })).toEqual(system.css({ color: 'fg.muted', px: '4' }));
  });
});
