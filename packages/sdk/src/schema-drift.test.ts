/**
 * Drift check (docs/architecture.md §8): regenerates bff.yaml from upstream.yaml and the SDK schema from
 * that bff.yaml in a temporary folder, and fails when either differs from the committed file.
 * Fix a failure with `pnpm generate` at the repository root and commit the result.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultBffYamlPath, generateSchema } from '../scripts/generate-schema.js';

const committedBffYaml = defaultBffYamlPath();
const openapiPackageDir = dirname(committedBffYaml);
const tempDir = mkdtempSync(join(tmpdir(), 'sdk-drift-'));
const regeneratedBffYaml = join(tempDir, 'bff.yaml');

beforeAll(() => {
  // The derivation runs as the `generate` script does, from the openapi package's own files.
  const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
  execFileSync(tsx, [join(openapiPackageDir, 'scripts/derive-bff.ts'), '--out', regeneratedBffYaml], { stdio: 'pipe' });
});
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

describe('generated files', () => {
  it('bff.yaml matches what derive-bff.ts produces from upstream.yaml', () => {
    expect(readFileSync(regeneratedBffYaml, 'utf8')).toBe(readFileSync(committedBffYaml, 'utf8'));
  });

  it('src/schema.gen.ts matches what openapi-typescript produces from bff.yaml', async () => {
    const committedSchema = readFileSync(new URL('./schema.gen.ts', import.meta.url), 'utf8');
    expect(await generateSchema(regeneratedBffYaml)).toBe(committedSchema);
  }, 60_000);
});
