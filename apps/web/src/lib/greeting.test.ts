import { describe, expect, it } from 'vitest';
import { greetingName } from './greeting.ts';

describe('greetingName', () => {
  it('declines Czech first names into the vocative', () => {
    expect(greetingName('Jana', 'Jana Nováková')).toBe('Jano');
    expect(greetingName('Petr', 'Petr Svoboda')).toBe('Petře');
    expect(greetingName('Tomáš', 'Tomáš Dvořák')).toBe('Tomáši');
    expect(greetingName('Klára', 'Klára Malá')).toBe('Kláro');
    expect(greetingName('Marek', 'Marek Horák')).toBe('Marku');
    expect(greetingName('Eva', 'Eva Malá')).toBe('Evo');
  });

  it('falls back to the full name when there is nothing safe to decline', () => {
    expect(greetingName('', 'Jana Nováková')).toBe('Jana Nováková');
    expect(greetingName('J.', 'J. Novák')).toBe('J. Novák');
    expect(greetingName('Anna Marie', 'Anna Marie Nová')).toBe('Anna Marie Nová');
  });
});
