import { describe, expect, it } from 'vitest';
import { parseTimeInput } from './time-input.ts';

describe('parseTimeInput', () => {
  it('reads the ways Czech users type a time of day', () => {
    expect(parseTimeInput('9:30')).toBe(570);
    expect(parseTimeInput(' 09.05 ')).toBe(545);
    expect(parseTimeInput('14')).toBe(840);
    expect(parseTimeInput('0:00')).toBe(0);
  });

  it('refuses what is no time of day', () => {
    expect(parseTimeInput('24:00')).toBeNull();
    expect(parseTimeInput('9:60')).toBeNull();
    expect(parseTimeInput('devět')).toBeNull();
    expect(parseTimeInput('')).toBeNull();
  });
});
