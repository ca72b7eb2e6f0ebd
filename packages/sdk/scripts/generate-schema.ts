/**
 * Generates src/schema.gen.ts from @portal/openapi's bff.yaml with openapi-typescript: the types
 * (docs/architecture.md §8) and every enum's values as an array (`ticketStatusValues` …,
 * `enumValues`), so a form or filter lists what the contract allows, in its order. The same
 * function serves `pnpm generate` and the drift test, so both produce byte-identical output.
 *
 * Usage: `tsx scripts/generate-schema.ts [--in <bff.yaml>] [--out <file>]`.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

/** bff.yaml as published by the workspace package (resolved through its `exports`, not `../`). */
export function defaultBffYamlPath(): string {
  return createRequire(import.meta.url).resolve('@portal/openapi/bff.yaml');
}

export async function generateSchema(bffYamlPath: string): Promise<string> {
  const ast = await openapiTS(pathToFileURL(bffYamlPath), { silent: true, enumValues: true });
  return `${COMMENT_HEADER}// Generated from openapi/bff.yaml by packages/sdk/scripts/generate-schema.ts: run \`pnpm generate\`.\n\n${astToString(ast)}`;
}

async function main(argv: string[]): Promise<void> {
  const option = (name: string) => {
    const index = argv.indexOf(name);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const input = option('--in') ?? defaultBffYamlPath();
  const output = option('--out') ?? fileURLToPath(new URL('../src/schema.gen.ts', import.meta.url));
  writeFileSync(resolve(output), await generateSchema(resolve(input)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await main(process.argv.slice(2));
}
