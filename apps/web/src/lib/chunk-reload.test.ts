import { afterEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadForNewBuild } from './chunk-reload.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('reload on a failed chunk load', () => {
  it('recognises the browsers’ chunk load errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Něco jiného'))).toBe(false);
  });

  it('reloads once and not again within ten seconds (no reload loop)', () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') });
    const reload = vi.fn();
    expect(reloadForNewBuild(reload)).toBe(true);
    expect(reloadForNewBuild(reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    vi.setSystemTime(new Date('2026-11-22T10:00:11Z'));
    expect(reloadForNewBuild(reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
