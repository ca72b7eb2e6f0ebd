/**
 * Drift check: the committed src/http/own-operations.gen.ts must be what the generator makes
 * of the committed bff.yaml (whose own drift check lives in @portal/openapi). Fix a failure
 * with `pnpm generate` at the repository root and commit the result.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { generateOwnOperationTypes, OWN_OPERATION_TYPES_FILE } from './generate-own-operation-types.js';

it("src/http/own-operations.gen.ts matches what openapi-typescript makes of bff.yaml's own operations", async () => {
  expect(await generateOwnOperationTypes()).toBe(readFileSync(OWN_OPERATION_TYPES_FILE, 'utf8'));
});
