import { describe, expect, it } from 'vitest';
import { assertValidEnv } from './env-schema.ts';

describe('build-time env validation', () => {
  it('accepts an empty or absolute API base URL', () => {
    expect(() => assertValidEnv({})).not.toThrow();
    expect(() => assertValidEnv({ VITE_API_BASE_URL: '' })).not.toThrow();
    expect(() => assertValidEnv({ VITE_API_BASE_URL: 'https://portal.example.cz' })).not.toThrow();
  });

  it('names the variable when the value is wrong', () => {
    expect(() => assertValidEnv({ VITE_API_BASE_URL: 'portal' })).toThrow(/VITE_API_BASE_URL/);
  });
});
