import { base } from '@portal/config/eslint/base';
import { react } from '@portal/config/eslint/react';
import { node } from '@portal/config/eslint/node';

export default [
  ...base({ tsconfigRootDir: import.meta.dirname }),
  ...react,
  // The CSS generator runs in Node at development time, not in the browser.
  ...node.map((config) => ({ files: ['scripts/**'], ...config })),
];
