import { defineConfig, mergeConfig } from 'vitest/config';
import { nodeTestConfig } from '@portal/config/vitest/node';

export default mergeConfig(
  defineConfig(nodeTestConfig),
  // Ready-made PGlite stores for the run (src/testing/global-setup.ts).
  defineConfig({ test: { globalSetup: ['./src/testing/global-setup.ts'] } }),
);
