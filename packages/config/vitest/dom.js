// Shared Vitest preset for the React app: colocated tests in jsdom.
export const domTestConfig = {
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // A hang guard: a test's first lazy import can take its findBy's 20 s on two busy cores.
    testTimeout: 45_000,
    // The files share their worker's jsdom and modules instead of each setting them up afresh:
    // setup and environment were half of the suite's time, and its CPU time falls to about a
    // quarter (284 → 69 s). Tests must not rely on module state left by another file: MSW
    // handlers are reset after each test and mocks restored (setup-tests.ts, restoreMocks).
    isolate: false,
  },
};
