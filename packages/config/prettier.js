// The workspace's Prettier options (root package.json points here).
/** @type {import('prettier').Config} */
export default {
  printWidth: 120,
  singleQuote: true,
  trailingComma: 'all',
};
