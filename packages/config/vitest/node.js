// Shared Vitest preset for Node services: colocated tests, no globals.
export const nodeTestConfig = {
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The files share their worker's modules instead of loading them afresh each: the tests
    // hold no module state of their own (each builds its app, store and mocks), and loading was
    // up to a third of a suite's time (BFF 152 → 101 s, API 235 → 141 s with the workers below).
    isolate: false,
    // The service suites wait on PostgreSQL, Redis, PGlite and their upstream fakes more than
    // they compute (a load average of 1.6 with one worker on two cores), so three workers on
    // two cores finish sooner for about the same CPU time.
    maxWorkers: 3,
  },
};
