import { domTestConfig } from '@portal/config/vitest/dom';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    ...domTestConfig.test,
    setupFiles: ['./src/testing/setup-tests.ts'],
    // MSW intercepts absolute URLs; jsdom's origin is what the API client resolves against.
    environmentOptions: { jsdom: { url: 'http://localhost:5173/' } },
    restoreMocks: true,
  },
});
