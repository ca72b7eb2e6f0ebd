import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { deriveBffYaml } from './derive-bff.ts';

const read = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
const upstreamYaml = read('../upstream.yaml');
const ownYaml = read('./bff-own-operations.yaml');

describe('derive-bff', () => {
  it('matches the committed bff.yaml (run `pnpm generate` after changing the sources)', () => {
    expect(deriveBffYaml(upstreamYaml, ownYaml)).toBe(read('../bff.yaml'));
  });

  it('is deterministic whatever the order of the upstream paths', () => {
    const upstream = parse(upstreamYaml) as { paths: Record<string, unknown> };
    upstream.paths = Object.fromEntries(Object.entries(upstream.paths).reverse());
    expect(deriveBffYaml(stringify(upstream), ownYaml)).toBe(deriveBffYaml(upstreamYaml, ownYaml));
  });

  it('forces a decision for an upstream operation missing from the allowlist', () => {
    const upstream = parse(upstreamYaml) as { paths: Record<string, unknown> };
    upstream.paths['/api/v1/secret/'] = {
      get: { operationId: 'secretThing', security: [], responses: { '200': { description: 'x' } } },
    };
    expect(() => deriveBffYaml(stringify(upstream), ownYaml)).toThrow(
      /secretThing is neither allowlisted nor replaced/,
    );
  });

  it('replaces inline upstream error bodies with ErrorBody and keeps Retry-After', () => {
    const upstream = parse(upstreamYaml) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const operation = upstream.paths['/api/v1/buildings/']?.['get'];
    if (!operation) throw new Error('listBuildings missing');
    operation.responses['503'] = {
      description: 'Down for maintenance.',
      headers: { 'Retry-After': { schema: { type: 'integer' } }, 'X-Debug': { schema: { type: 'string' } } },
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorDetail' } } },
    };
    const bff = parse(deriveBffYaml(stringify(upstream), ownYaml)) as typeof upstream;
    expect(bff.paths['/api/v1/buildings/']?.['get']?.responses['503']).toEqual({
      description: 'Down for maintenance.',
      headers: { 'Retry-After': { schema: { type: 'integer' } } },
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
    });
  });
});
