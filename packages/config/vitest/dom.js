// Shared Vitest preset for the React app: colocated tests in jsdom.
export const domTestConfig = {
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    testTimeout: 15_000,
  },
};
