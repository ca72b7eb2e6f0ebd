import { defineConfig } from 'vitest/config';
import { nodeTestConfig } from '@portal/config/vitest/node';

export default defineConfig(nodeTestConfig);
