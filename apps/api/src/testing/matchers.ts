import { expect } from 'vitest';

/**
 * Vitest's asymmetric matchers, typed `unknown` instead of `any`, so the object literals that
 * use them stay type-checked (an `any` inside would switch the check off for the whole value).
 */
export const anyNumber: unknown = expect.any(Number);
export const anyString: unknown = expect.any(String);
export const stringMatching = (pattern: RegExp): unknown => expect.stringMatching(pattern);
