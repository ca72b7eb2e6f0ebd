import { base } from '@portal/config/eslint/base';
import { node } from '@portal/config/eslint/node';

// The SDK runs in browsers and in Node. Its types come from the DOM library in tsconfig (fetch,
// XMLHttpRequest, FormData), which ESLint does not need to know; the Node flavour adds that
// nothing but its scripts and tests reads the environment, which a library never should.
export default [
  ...base({ tsconfigRootDir: import.meta.dirname }),
  ...node,
  // The examples are an integrator's own scripts, configured by environment like any script.
  { files: ['examples/**'], rules: { 'no-restricted-properties': 'off' } },
];
