/**
 * The breaking-change gate of the BFF contract: changes made to the released document are
 * judged as an integrator's client would feel them, and the `lint` task's command fails on one.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { breakingChanges } from './check-breaking-changes.js';

type Doc = {
  paths: Record<string, Record<string, { parameters?: unknown[] }>>;
  components: { schemas: Record<string, { required?: string[]; properties: Record<string, { type?: unknown }> }> };
};

const releasedPath = fileURLToPath(new URL('../released/bff.yaml', import.meta.url));
const released = parse(readFileSync(releasedPath, 'utf8')) as Doc;
const changed = (change: (document: Doc) => void): Doc => {
  const document = structuredClone(released);
  change(document);
  return document;
};
const schema = (document: Doc, name: string) => {
  const found = document.components.schemas[name];
  if (!found) throw new Error(`no schema ${name} in the released document`);
  return found;
};

const tempDir = mkdtempSync(join(tmpdir(), 'sdk-breaking-'));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

describe('breakingChanges', () => {
  it('finds what would break a client: removed operations and fields, new requirements, changed types', () => {
    const current = changed((document) => {
      delete document.paths['/api/v1/staff/tenants/'];
      schema(document, 'ReservationCreate').required?.push('note');
      const reading = schema(document, 'ReadingCreate');
      reading.properties.note = { ...reading.properties.note, type: 'string' };
      const tenant = schema(document, 'Tenant');
      delete tenant.properties.name;
      tenant.required = ['id'];
      schema(document, 'Building').properties.name = { type: 'integer' };
      document.paths['/api/v1/support_tickets/']?.get?.parameters?.push({
        name: 'building_code',
        in: 'query',
        required: true,
        schema: { type: 'string' },
      });
    });

    const changes = breakingChanges(released, current);
    const found = (operation: string, words: RegExp) =>
      changes.some((change) => change.operation === operation && words.test(change.description));

    expect(found('GET /api/v1/staff/tenants/', /Removed.*operation/)).toBe(true);
    expect(found('POST /api/v1/meeting_rooms/reservation/', /required status to `note`.*Request Body/)).toBe(true);
    expect(found('POST /api/v1/readings/', /`note` in Request Body/)).toBe(true);
    expect(found('GET /api/v1/tenant_access/', /Removed.*`\[\]\.name`.*Response 200/)).toBe(true);
    expect(
      changes.some((change) => change.path.includes('/api/v1/buildings/') && change.path.endsWith('name.type.0')),
    ).toBe(true);
    expect(found('GET /api/v1/support_tickets/', /required query parameter `building_code`/)).toBe(true);
  }, 30_000);

  it('lets compatible changes through: new operations, optional fields, widened requests, words', () => {
    const current = changed((document) => {
      document.paths['/api/v1/new_things/'] = {
        get: { operationId: 'listNewThings', responses: { 200: { description: 'OK' } } } as never,
      };
      schema(document, 'Tenant').properties.code = { type: 'string' };
      const reservation = schema(document, 'ReservationCreate');
      reservation.properties.title = { ...reservation.properties.title, type: ['string', 'null'] };
      (schema(document, 'Building') as { description?: string }).description = 'A building, in other words.';
    });

    expect(breakingChanges(released, current)).toEqual([]);
  }, 30_000);
});

describe('scripts/check-breaking-changes.ts (the lint step)', () => {
  const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
  const script = fileURLToPath(new URL('./check-breaking-changes.ts', import.meta.url));
  const run = (current: Doc) => {
    const path = join(tempDir, `current-${Math.random().toString(36).slice(2)}.yaml`);
    writeFileSync(path, stringify(current));
    try {
      return { status: 0, output: execFileSync(tsx, [script, '--current', path], { encoding: 'utf8', stdio: 'pipe' }) };
    } catch (error) {
      const failed = error as { status: number; stdout: string; stderr: string };
      return { status: failed.status, output: `${failed.stdout}${failed.stderr}` };
    }
  };

  it('exits 1 and names the operation when the current document breaks the released one', () => {
    const result = run(changed((document) => delete document.paths['/api/v1/tenant_access/']));

    expect(result.status).toBe(1);
    expect(result.output).toContain('GET /api/v1/tenant_access/');
    expect(result.output).toContain('packages/sdk/released/bff.yaml');
  }, 60_000);

  it('passes the released document itself', () => {
    const result = run(released);

    expect(result.status).toBe(0);
    expect(result.output).toContain('no breaking change');
  }, 60_000);
});
