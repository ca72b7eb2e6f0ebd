/**
 * Generates src/http/own-operations.gen.ts: the TypeScript types of the BFF's own operations
 * of bff.yaml, by openapi-typescript (types only), so the handlers of those routes are typed
 * from the same document their schemas come from (src/http/own-route.ts). The forwarded
 * `/api/v1/…` operations are left out (their handler is generic), and so are the components
 * only they use. The output is formatted like the rest of the repository. The same function
 * serves `pnpm generate` and the drift test, so both produce byte-identical output.
 *
 * Usage: `tsx scripts/generate-own-operation-types.ts [--out <file>]`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';
import { parse } from 'yaml';
import { isOwnOperationPath } from '../src/http/own-operations.js';

type Json = { [key: string]: unknown };

export const OWN_OPERATION_TYPES_FILE = fileURLToPath(new URL('../src/http/own-operations.gen.ts', import.meta.url));

/** bff.yaml as published by the workspace package (resolved through its `exports`). */
function bffDocument(): Json {
  const path = createRequire(import.meta.url).resolve('@portal/openapi/bff.yaml');
  return parse(readFileSync(path, 'utf8')) as Json;
}

function collectRefs(node: unknown, found: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) collectRefs(item, found);
  } else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.add(value);
      else collectRefs(value, found);
    }
  }
}

/** The document with only the BFF's own paths and the components they reach. */
export function ownOperationsDocument(document: Json): Json {
  const paths = Object.fromEntries(
    Object.entries(document['paths'] as Json).filter(([path]) => isOwnOperationPath(path)),
  );
  const components = document['components'] as Record<string, Json>;
  const kept: Record<string, Json> = {};
  const pending = new Set<string>();
  collectRefs(paths, pending);
  const done = new Set<string>();
  for (const ref of pending) {
    if (done.has(ref)) continue;
    done.add(ref);
    const [, , section = '', name = ''] = ref.split('/');
    const value = components[section]?.[name];
    if (value === undefined) throw new Error(`bff.yaml: unresolvable $ref ${ref}`);
    (kept[section] ??= {})[name] = value;
    collectRefs(value, pending);
  }
  const sorted = Object.fromEntries(
    Object.entries(kept)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([section, entries]) => [
        section,
        Object.fromEntries(Object.entries(entries).sort(([a], [b]) => a.localeCompare(b))),
      ]),
  );
  return { openapi: document['openapi'], info: document['info'], paths, components: sorted };
}

export async function generateOwnOperationTypes(document: Json = bffDocument()): Promise<string> {
  const ast = await openapiTS(JSON.stringify(ownOperationsDocument(document)), { silent: true });
  const source = `${COMMENT_HEADER}// The BFF's own operations of openapi/bff.yaml, by apps/bff/scripts/generate-own-operation-types.ts: run \`pnpm generate\`.\n\n${astToString(ast)}`;
  const options = await resolveConfig(OWN_OPERATION_TYPES_FILE);
  return format(source, { ...options, filepath: OWN_OPERATION_TYPES_FILE });
}

async function main(argv: string[]): Promise<void> {
  const index = argv.indexOf('--out');
  const output = index >= 0 && argv[index + 1] ? resolve(argv[index + 1] as string) : OWN_OPERATION_TYPES_FILE;
  writeFileSync(output, await generateOwnOperationTypes());
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await main(process.argv.slice(2));
}
