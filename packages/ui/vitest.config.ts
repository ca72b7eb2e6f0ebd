import { defineConfig } from 'vitest/config';

// The design system's logic (toast queue, system tokens) is DOM-free: Node is enough.
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    // As the shared presets: the first test of a file also pays for jsdom and Chakra's import,
    // which takes seconds while the rest of the workspace builds beside it.
    testTimeout: 15_000,
  },
});
