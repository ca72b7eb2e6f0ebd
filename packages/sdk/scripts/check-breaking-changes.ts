/**
 * Fails on a breaking change of the BFF's contract: compares `openapi/bff.yaml` with the
 * document the last released SDK was built from (`released/bff.yaml`, version in
 * `released/release.json`) using api-smart-diff, and exits 1 when an operation lost something
 * a client relies on – a removed operation, response or response field, a newly required
 * parameter or body field, a narrowed type or enum in a request, a new value in a response.
 * A new major version of the SDK (package.json) may break; its CHANGELOG entry says how.
 * Run by the package's `lint` task, so CI runs it.
 *
 * Usage: `tsx scripts/check-breaking-changes.ts [--released <bff.yaml>] [--current <bff.yaml>]`.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { apiCompare } from 'api-smart-diff';
import { parse } from 'yaml';
import { defaultBffYamlPath } from './generate-schema.js';

export interface BreakingChange {
  /** `METHOD /path` of the operation the change is in. */
  operation: string;
  /** api-smart-diff's words for the change (where in the request or response, and what). */
  description: string;
  /** JSON path of the change in the current document. */
  path: string;
}

const RELEASED_DIR = new URL('../released/', import.meta.url);

/**
 * api-smart-diff compares a schema's `type` string by string, so `string` → `[string, 'null']`
 * reads as a replaced type rather than a widened one; as lists on both sides the change is an
 * added or removed item, which it judges by direction (request or response).
 */
function typesAsLists(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(typesAsLists);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === 'type' && typeof value === 'string' ? [value] : typesAsLists(value),
    ]),
  );
}

/**
 * The breaking changes from `released` to `current`, judged per operation (`paths`, with every
 * `$ref` resolved): the components on their own have no direction, the operations that use them
 * do. One replaced type item is breaking whichever way it goes – api-smart-diff reverses its
 * request rules for responses, which would pass a response field turned from string to integer.
 */
export function breakingChanges(released: unknown, current: unknown): BreakingChange[] {
  const { diffs } = apiCompare(typesAsLists(released), typesAsLists(current));
  return diffs
    .filter((diff) => diff.path[0] === 'paths')
    .filter(
      (diff) =>
        diff.type === 'breaking' ||
        (diff.action === 'replace' && diff.path.at(-2) === 'type' && typeof diff.path.at(-1) === 'number'),
    )
    .map((diff) => ({
      operation: `${String(diff.path[2] ?? '').toUpperCase()} ${String(diff.path[1])}`.trim(),
      description: diff.description ?? `${diff.action} ${diff.path.join('.')}`,
      path: diff.path.join('.'),
    }));
}

const readYaml = (path: string): unknown => parse(readFileSync(path, 'utf8'));
const major = (version: string) => Number.parseInt(version.split('.')[0] ?? '', 10);

function main(argv: string[]): void {
  const option = (name: string) => {
    const index = argv.indexOf(name);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const releasedPath = resolve(option('--released') ?? fileURLToPath(new URL('bff.yaml', RELEASED_DIR)));
  const currentPath = resolve(option('--current') ?? defaultBffYamlPath());
  const { version: releasedVersion } = JSON.parse(readFileSync(new URL('release.json', RELEASED_DIR), 'utf8')) as {
    version: string;
  };
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };

  const changes = breakingChanges(readYaml(releasedPath), readYaml(currentPath));
  if (changes.length === 0) {
    console.log(`bff.yaml: no breaking change against the released document (SDK ${releasedVersion}).`);
    return;
  }
  // The path says exactly where when the tool's words are vague ("annotation (1)" for a type item).
  const lines = [
    ...new Set(changes.map((change) => `  ${change.operation}: ${change.description}\n    at ${change.path}`)),
  ];
  const list = lines.join('\n');
  if (major(version) > major(releasedVersion)) {
    console.log(
      `bff.yaml: ${lines.length} breaking changes, allowed in SDK ${version} (a new major after ${releasedVersion}):\n${list}`,
    );
    return;
  }
  console.error(
    `bff.yaml has ${lines.length} breaking changes against the document of SDK ${releasedVersion} (packages/sdk/released/bff.yaml):\n${list}\n\n` +
      'Make the change compatible (an optional field, a new operation), or release a new major version of the SDK ' +
      '(packages/sdk/README.md, Releasing).',
  );
  process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2));
}
