import { ApiError } from '@portal/sdk/client';
import { toaster } from '@portal/ui/toast';
import { describe, expect, it, vi } from 'vitest';
import { showUnhandledError } from './unhandled-errors.ts';

const visible = () =>
  toaster.getVisibleToasts().map((item) => ({ type: item.type, title: item.title, description: item.description }));

describe('unhandled errors', () => {
  it("toasts the server's message for an HTTP error", () => {
    showUnhandledError(new ApiError({ status: 409, code: 'conflict', message: 'Termín je již obsazen.' }));
    expect(visible()).toEqual([{ type: 'error', title: 'Něco se nepovedlo', description: 'Termín je již obsazen.' }]);
  });

  it("toasts the error's own message otherwise", () => {
    showUnhandledError(new TypeError('Cannot read properties of undefined'));
    expect(visible()[0]?.description).toBe('Cannot read properties of undefined');
  });

  it('reloads once on a chunk load failure instead of toasting', () => {
    const reload = vi.fn();
    showUnhandledError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'), reload);
    showUnhandledError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'), reload);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(visible()).toEqual([]);
  });

  it('stays quiet about browser noise', () => {
    showUnhandledError(new Error('ResizeObserver loop completed with undelivered notifications.'));
    showUnhandledError('Script error.');
    expect(visible()).toEqual([]);
  });

  it('words a non-error rejection in Czech', () => {
    showUnhandledError(undefined);
    expect(visible()[0]?.description).toMatch(/^Došlo k.neočekávané chybě./);
  });
});
