// Native checkboxes and radio buttons in the portal's colours: robust with the keyboard and
// assistive technology, registered with react-hook-form like any input. Only the staff forms
// use them, so they live apart from inputs.tsx, which the tenant's first pages load.
import { chakra } from '@chakra-ui/react';

const CHOICE = {
  width: '5',
  height: '5',
  accentColor: 'var(--chakra-colors-brand-solid)',
  cursor: 'pointer',
  flexShrink: 0,
  _focusVisible: { outline: '3px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
} as const;

/** `<input type="checkbox">`, pass `type="checkbox"`. */
export const Checkbox = chakra('input', { base: CHOICE });

/** `<input type="radio">` aligned with the first line of a label that may wrap; pass `type="radio"`. */
export const Radio = chakra('input', { base: { ...CHOICE, mt: '0.5' } });
