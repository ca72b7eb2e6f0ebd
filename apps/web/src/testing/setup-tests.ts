import '@testing-library/jest-dom/vitest';
import { toaster } from '@portal/ui/toast';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { initI18n } from '#src/lib/i18n.ts';
import { server } from './msw-server.ts';

// jsdom lacks these browser APIs that Chakra's zag machines and floating-ui call.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.scrollTo ??= () => {};

// Lazy routes and menus are transformed on first import in a test file; jsdom is slow at it.
configure({ asyncUtilTimeout: 5000 });

// Listening at import time, before test files import the API client, so every fetch it makes
// goes through MSW; an unmocked request fails the test (A4 testing.md).
server.listen({ onUnhandledFrame: 'error' });
initI18n('cs');

afterEach(() => {
  cleanup();
  server.resetHandlers();
  toaster.remove();
  sessionStorage.clear();
});

afterAll(() => {
  server.close();
});
