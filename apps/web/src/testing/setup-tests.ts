import '@testing-library/jest-dom/vitest';
import { toaster } from '@portal/ui/toast';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { initI18n } from '#src/lib/i18n.ts';
import { stubMissing } from './browser-stubs.ts';
import { server } from './msw-server.ts';

/** False in the few tests that run in Node (`// @vitest-environment node`): no DOM to stub or clean. */
const hasDom = typeof window !== 'undefined';

// jsdom lacks these browser APIs that Chakra's zag machines and floating-ui call.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (hasDom) {
  globalThis.ResizeObserver ??= ResizeObserverStub;
  stubMissing(
    window,
    'matchMedia',
    (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
  stubMissing(Element.prototype, 'scrollIntoView', () => {});
  // Attachment previews are shown from blob: addresses (components/ui/use-object-url.ts).
  stubMissing(URL, 'createObjectURL', () => 'blob:stub');
  stubMissing(URL, 'revokeObjectURL', () => {});
  stubMissing(Element.prototype, 'scrollTo', () => {});
}

// Lazy routes and menus are transformed on first import in a test file, which takes seconds
// when the two cores are busy (CI runs two suites at once, beside other work): a find waits
// as long as that may take – a hang guard, not a speed check; it returns as soon as it finds.
configure({ asyncUtilTimeout: 20_000 });

// Listening at import time, before test files import the API client, so every fetch it makes
// goes through MSW; an unmocked request fails the test (docs/architecture.md §7).
server.listen({ onUnhandledFrame: 'error' });
initI18n('cs');

afterEach(() => {
  server.resetHandlers();
  toaster.remove();
  if (hasDom) {
    cleanup();
    sessionStorage.clear();
  }
});

afterAll(() => {
  server.close();
});
