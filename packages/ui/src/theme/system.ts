import { createSystemSteps, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  containerRecipe,
  dataListSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  semanticTokens,
  separatorRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  textStyles,
  textareaRecipe,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * The portal's Chakra system.
 *
 * Built on `defaultBaseConfig` (conditions and utilities only) instead of `defaultConfig`:
 * `createSystem` cost grows with the number of tokens and recipes, and it runs on the critical
 * path of the first render (see docs/decisions/007-prerendered-public-pages.md). Only the palettes and
 * recipes the portal renders are registered; add a recipe here before using a new component.
 *
 * @see {@link https://chakra-ui.com/docs/theming/customization/overview}
 */

/** Colour palettes the portal uses: neutral UI plus the four status colours. */
const PALETTES = ['gray', 'red', 'orange', 'green', 'blue'] as const;

const pick = <V>(source: Record<string, V>, keys: readonly string[]): Record<string, V> =>
  Object.fromEntries(keys.filter((key) => key in source).map((key) => [key, source[key] as V]));

/** A semantic token or a group of them, as Chakra's theme defines them. */
type SemanticTokenTree = { [key: string]: unknown };

/**
 * The light-mode value of every semantic token in `tree` (`{ _light, _dark }` → the `_light`
 * value). The portal has no dark mode, and every colour-mode pair doubles the tokens Chakra
 * derives at start-up: `createSystem` takes half as long without them
 * (docs/decisions/007-prerendered-public-pages.md, docs/benchmarks.md), and the generated stylesheet carries no `.dark` block.
 */
export function lightModeOnly<T extends SemanticTokenTree>(tree: T): T {
  if ('value' in tree) {
    const { value } = tree;
    if (value && typeof value === 'object' && '_light' in value) return { ...tree, value: value._light };
    return tree;
  }
  return Object.fromEntries(
    Object.entries(tree).map(([key, child]) => [
      key,
      child && typeof child === 'object' ? lightModeOnly(child as SemanticTokenTree) : child,
    ]),
  ) as T;
}

/** Brand text colour of docs/product.md §9. */
export const BRAND_TEXT_COLOR = '#1F3B50';

const config = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss: {
    ...globalCss,
    // Focused fields scroll clear of the bottom-left toast area (WCAG 2.2 2.4.11).
    html: { ...globalCss['html'], colorPalette: 'brand', scrollPaddingBottom: '8rem' },
    // A page's h1 takes focus after a navigation (tabindex=-1, see the web app's root layout):
    // a ring in the brand's focus colour when the keyboard brought it there, none after a click.
    'h1[tabindex="-1"]:focus': { outline: 'none' },
    'h1[tabindex="-1"]:focus-visible': { outline: '3px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
    // Someone who asked their system for less motion gets none (WCAG 2.3.3): Chakra's recipes
    // animate menus, dialogs and toasts whatever the setting. Ended at once rather than removed,
    // so the components still get the animation events they wait for before unmounting; the
    // important declarations of this layer win over the recipes' layer.
    '*, *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
        scrollBehavior: 'auto !important',
      },
    },
  },
  theme: {
    breakpoints,
    keyframes,
    textStyles,
    layerStyles,
    animationStyles,
    tokens: {
      ...tokens,
      colors: pick(tokens.colors, ['transparent', 'current', 'black', 'white', ...PALETTES]),
    },
    semanticTokens: lightModeOnly({
      shadows: semanticTokens.shadows,
      radii: semanticTokens.radii,
      colors: {
        ...pick(semanticTokens.colors, ['bg', 'border', ...PALETTES]),
        fg: {
          ...semanticTokens.colors['fg'],
          // Body text is set in the brand colour (contrast 11.6:1 on white).
          DEFAULT: { value: '{colors.brand.fg}' },
          // Chakra's 500/600 shades fall below WCAG AA (4.5:1) on white for small text.
          error: { value: '{colors.red.700}' },
          warning: { value: '{colors.orange.700}' },
          success: { value: '{colors.green.700}' },
        },
        // Toasts put white text on `*.solid`, the description at 80 % opacity: the default solids
        // (500/600 shades) reach only 2.8–3.5:1 for it, the 700 shades 4.5:1 and more.
        red: { ...semanticTokens.colors['red'], solid: { value: '{colors.red.700}' } },
        green: { ...semanticTokens.colors['green'], solid: { value: '{colors.green.700}' } },
        orange: { ...semanticTokens.colors['orange'], solid: { value: '{colors.orange.700}' } },
        brand: {
          solid: { value: BRAND_TEXT_COLOR },
          contrast: { value: '{colors.white}' },
          fg: { value: BRAND_TEXT_COLOR },
          muted: { value: '#D5E0E9' },
          subtle: { value: '#EBF1F5' },
          emphasized: { value: '#B7CADA' },
          focusRing: { value: '#2B6A96' },
          border: { value: '#8DA8BE' },
        },
      },
    }),
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      dataList: dataListSlotRecipe,
      field: fieldSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      table: tableSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

let system: SystemContext | undefined;

/**
 * Creates the portal's system one part at a time: each `next()` does one step of `createSystem`
 * (merging the configuration, building the token dictionary in four steps, then conditions and
 * utilities, then the rest), the largest piece of start-up work. The web app's boot
 * (apps/web/src/main.tsx) yields to the browser between steps, so it is several short tasks
 * instead of one long one. `createSystemSteps` comes from our patch of Chakra
 * (patches/@chakra-ui__react@3.37.0.patch), which builds `createSystem` from the same steps.
 */
export function* portalSystemSteps(): Generator<void, SystemContext, void> {
  if (!system) {
    const created = yield* createSystemSteps(defaultBaseConfig, config);
    // The global styles (reset, global CSS, token variables) ship as a static stylesheet,
    // `@portal/ui/global.css`, generated from this system (global-css.ts); the provider inserts
    // none at run time. Chakra is patched to build them only when read; nothing reads them.
    created._global = [];
    // So does the cascade layers' order (it opens global.css). The provider renders a `<Global>`
    // with `layers.atRule` too; empty, it inserts no style element at start-up – a new
    // stylesheet would make the browser recalculate the whole page's style.
    created.layers = { ...created.layers, atRule: '' };
    system ??= created;
  }
  return system;
}

/** The portal's system, created at once on first use unless `portalSystemSteps` already did. */
export function portalSystem(): SystemContext {
  const steps = portalSystemSteps();
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}
