// @portal/config ships its Vitest presets as plain JavaScript without declarations; this
// types the one preset this package imports (only tsconfig.json sees it, never the build).
declare module '@portal/config/vitest/node' {
  import type { ViteUserConfig } from 'vitest/config';

  export const nodeTestConfig: ViteUserConfig;
}
