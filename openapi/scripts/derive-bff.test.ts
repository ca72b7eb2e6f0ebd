import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { listOperations } from '../src/documents.ts';
import { deriveBffYaml, REPLACED_UPSTREAM_OPERATIONS } from './derive-bff.ts';

const read = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
const upstreamYaml = read('../upstream.yaml');
const ownYaml = read('./bff-own-operations.yaml');

describe('derive-bff', () => {
  it('matches the committed bff.yaml (run `pnpm generate` after changing the sources)', () => {
    expect(deriveBffYaml(upstreamYaml, ownYaml)).toBe(read('../bff.yaml'));
  });

  it('forwards every upstream operation but the ones the BFF replaces', () => {
    const replaced: readonly string[] = REPLACED_UPSTREAM_OPERATIONS;
    const upstreamIds = listOperations('upstream').map((operation) => operation.operationId);
    const forwarded = listOperations('bff').filter((operation) => operation.path.startsWith('/api/v1/'));
    expect(forwarded.map((operation) => operation.operationId).sort()).toEqual(
      upstreamIds.filter((id) => !replaced.includes(id)).sort(),
    );
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

  it('refuses an operation that names no feature (x-feature: a flag, a list of flags or none)', () => {
    const upstream = parse(upstreamYaml) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const operation = upstream.paths['/api/v1/buildings/']?.['get'];
    if (!operation) throw new Error('listBuildings missing');
    delete operation['x-feature'];
    expect(() => deriveBffYaml(stringify(upstream), ownYaml)).toThrow(
      /GET \/api\/v1\/buildings\/ \(listBuildings\): x-feature names nothing/,
    );
    const own = parse(ownYaml) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const config = own.paths['/api/config']?.['get'];
    if (!config) throw new Error('getRuntimeConfig missing');
    config['x-feature'] = 'configuration';
    expect(() => deriveBffYaml(upstreamYaml, stringify(own))).toThrow(
      /getRuntimeConfig\): x-feature names "configuration"/,
    );
  });

  it('declares Idempotent-Replayed on the success answers of every operation taking Idempotency-Key', () => {
    const bff = parse(read('../bff.yaml')) as {
      paths: Record<
        string,
        Record<string, { parameters?: Array<{ $ref?: string }>; responses: Record<string, { headers?: object }> }>
      >;
    };
    let count = 0;
    for (const item of Object.values(bff.paths)) {
      for (const operation of Object.values(item)) {
        if (!operation.parameters?.some((parameter) => parameter.$ref === '#/components/parameters/IdempotencyKey'))
          continue;
        count += 1;
        for (const [status, response] of Object.entries(operation.responses)) {
          if (status.startsWith('2')) expect(response.headers).toHaveProperty('Idempotent-Replayed');
        }
      }
    }
    expect(count).toBeGreaterThan(5);
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
