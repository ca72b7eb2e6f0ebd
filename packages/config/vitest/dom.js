// Shared Vitest preset for the React app: colocated tests in jsdom.
export const domTestConfig = {
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // A hang guard: a test's first lazy import can take its findBy's 20 s on two busy cores.
    testTimeout: 45_000,
  },
};
