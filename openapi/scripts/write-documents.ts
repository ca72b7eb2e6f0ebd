/**
 * Build step after `tsc`: writes dereferenced JSON copies of both documents into dist/, so
 * `loadDocument` at runtime is a synchronous JSON read instead of YAML parsing plus dereferencing.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';
import { dereference } from '../src/dereference.ts';
import { assertFeatureDeclarations } from '../src/features.ts';

const packageRoot = new URL('../', import.meta.url);
const distDir = new URL('dist/', packageRoot);
mkdirSync(distDir, { recursive: true });

for (const name of ['upstream', 'bff'] as const) {
  const source = readFileSync(new URL(`${name}.yaml`, packageRoot), 'utf8');
  const parsed = parse(source) as unknown;
  // Every operation names its feature flag or `none` (src/features.ts): the build fails otherwise.
  assertFeatureDeclarations(parsed, `${name}.yaml`);
  const document = dereference(parsed);
  writeFileSync(new URL(`${name}.json`, distDir), `${JSON.stringify(document)}\n`);
}
