import { access } from 'node:fs/promises';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadTestEnv } from '../config/env.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../demo/demo-data.js';
import { passwordResetLink, waitForMail } from './outbox.js';
import { startTestApi } from './start-test-api.js';

const LOGIN = '/api/v1/_allauth/app/v1/auth/login';

async function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('startTestApi (the `@portal/api/testing` export)', () => {
  it('serves a seeded API over real HTTP on embedded PGlite and cleans up', async () => {
    const api = await startTestApi({ accessTokenTtlSeconds: 5 });
    try {
      expect(api.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const response = await post(`${api.url}${LOGIN}`, { email: DEMO_USERS.jana.email, password: DEMO_PASSWORD });
      expect(response.status).toBe(200);
      const { meta } = (await response.json()) as { meta: { access: string } };
      const claims = JSON.parse(Buffer.from(meta.access.split('.')[1] ?? '', 'base64url').toString()) as {
        exp: number;
        iat: number;
      };
      expect(claims.exp - claims.iat).toBe(5);

      // The outbox is reachable for the BFF's password-reset tests.
      await post(`${api.url}/api/v1/_allauth/app/v1/auth/password/request`, { email: DEMO_USERS.petr.email });
      const mail = await waitForMail(api.outboxDir, (m) => m.to === DEMO_USERS.petr.email);
      expect(passwordResetLink(mail).url.origin).toBe('http://portal.test');
    } finally {
      await api.close();
    }
    await expect(access(api.dataDir)).rejects.toThrow();
    await expect(fetch(`${api.url}/health`)).rejects.toThrow();
  });

  it('gives every API its own PostgreSQL database and drops it on close', async () => {
    const server = loadTestEnv().testDatabaseUrl;
    const [one, two] = await Promise.all([
      startTestApi({ databaseUrl: server }),
      startTestApi({ databaseUrl: server, seedDemoData: false }),
    ]);
    try {
      const seeded = await post(`${one.url}${LOGIN}`, { email: DEMO_USERS.jana.email, password: DEMO_PASSWORD });
      expect(seeded.status).toBe(200);
      const empty = await post(`${two.url}${LOGIN}`, { email: DEMO_USERS.jana.email, password: DEMO_PASSWORD });
      expect(empty.status).toBe(400);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
    const names = [one.databaseUrl, two.databaseUrl].map((url) => new URL(url ?? '').pathname.slice(1));
    expect(names[0]).not.toBe(names[1]);
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      const { rows } = await client.query('select 1 from pg_database where datname = any($1)', [names]);
      expect(rows).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it('fails, rather than skipping, when PostgreSQL is unreachable', async () => {
    await expect(startTestApi({ databaseUrl: 'postgres://postgres@127.0.0.1:1/test' })).rejects.toThrow(
      /Cannot create a test database/,
    );
  });
});
