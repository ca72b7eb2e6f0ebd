/**
 * Drift check: the committed src/upstream.gen.ts must be what openapi-typescript makes of the
 * committed upstream.yaml, or the API's handlers are typed against an older contract than the one
 * their schemas validate. Fix a failure with `pnpm generate` at the repository root.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UPSTREAM_TYPES, UPSTREAM_YAML, generateUpstreamTypes } from './generate-upstream-types.ts';

describe('src/upstream.gen.ts', () => {
  it('matches what openapi-typescript produces from upstream.yaml', async () => {
    expect(await generateUpstreamTypes(UPSTREAM_YAML)).toBe(readFileSync(UPSTREAM_TYPES, 'utf8'));
  }, 60_000);
});
