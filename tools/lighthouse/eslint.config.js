import { base } from '@portal/config/eslint/base';
import { node } from '@portal/config/eslint/node';

export default [
  ...base({ tsconfigRootDir: import.meta.dirname }),
  ...node,
  // A harness, not a service: it reads its settings (ports, paths, flags) straight from the
  // environment the runner gives it; there is no validated env module to go through.
  { rules: { 'no-restricted-properties': 'off' } },
];
