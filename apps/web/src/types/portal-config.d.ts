// @portal/config ships its Vitest presets as plain JS; this is the shape apps/web relies on.
declare module '@portal/config/vitest/dom' {
  export const domTestConfig: {
    test: { include: string[]; environment: 'jsdom'; testTimeout: number };
  };
}
