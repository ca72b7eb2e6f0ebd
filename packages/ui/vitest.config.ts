import { defineConfig } from 'vitest/config';

// The design system's logic (toast queue, system tokens) is DOM-free: Node is enough.
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
