// Shared Vitest preset for Node services: colocated tests, no globals.
export const nodeTestConfig = {
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
};
