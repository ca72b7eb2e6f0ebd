/**
 * Generates src/upstream.gen.ts from upstream.yaml with openapi-typescript, the types `apps/api`
 * handlers are written against (`@portal/openapi/upstream-types`): request parameters, bodies and
 * answers of every operation, so no handler casts a request part; and every enum's values as an
 * array (`ticketStatusValues` …, `enumValues`), so code that lists them takes the contract's.
 * The same function serves `pnpm generate` and the drift test, so both produce byte-identical
 * output. It is written as Prettier formats it, so `pnpm format:check` passes without an
 * exception for it.
 *
 * Usage: `tsx scripts/generate-upstream-types.ts [--in <upstream.yaml>] [--out <file>]`.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';

export const UPSTREAM_YAML = fileURLToPath(new URL('../upstream.yaml', import.meta.url));
export const UPSTREAM_TYPES = fileURLToPath(new URL('../src/upstream.gen.ts', import.meta.url));

export async function generateUpstreamTypes(upstreamYamlPath: string): Promise<string> {
  const ast = await openapiTS(pathToFileURL(upstreamYamlPath), { silent: true, enumValues: true });
  const source = `${COMMENT_HEADER}// Generated from openapi/upstream.yaml by openapi/scripts/generate-upstream-types.ts: run \`pnpm generate\`.\n\n${astToString(ast)}`;
  return format(source, { ...(await resolveConfig(UPSTREAM_TYPES)), filepath: UPSTREAM_TYPES });
}

async function main(argv: string[]): Promise<void> {
  const option = (name: string) => {
    const index = argv.indexOf(name);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const input = option('--in') ?? UPSTREAM_YAML;
  const output = option('--out') ?? UPSTREAM_TYPES;
  writeFileSync(resolve(output), await generateUpstreamTypes(resolve(input)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await main(process.argv.slice(2));
}
