// @portal/config ships its Vitest presets as plain JS; this is the shape the SDK's config relies on.
declare module '@portal/config/vitest/node' {
  export const nodeTestConfig: {
    test: { include: string[]; environment: 'node'; testTimeout: number; hookTimeout: number };
  };
}
