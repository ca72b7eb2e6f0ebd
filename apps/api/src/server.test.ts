import { spawn } from 'node:child_process';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type ScratchDatabase, scratchDatabaseFor } from './testing/scratch-database.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

interface Running {
  exited: Promise<number | null>;
  stdout: () => string;
  stderr: () => string;
  kill: (signal: NodeJS.Signals) => void;
}

function startServer(env: Record<string, string>): Running {
  // tsx as a loader in the server's own process: the tsx command would put a parent process in
  // between that relays signals, and on a busy machine it ended the server with SIGTERM itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: packageDir,
    env: { PATH: process.env['PATH'] ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return {
    exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))),
    stdout: () => out,
    stderr: () => err,
    kill: (signal) => child.kill(signal),
  };
}

async function until<T>(probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('server.ts', () => {
  const dirs: string[] = [];
  const stores: ScratchDatabase[] = [];
  afterAll(() =>
    Promise.all([
      ...dirs.map((dir) => rm(dir, { recursive: true, force: true })),
      ...stores.map((store) => store.dispose()),
    ]),
  );

  it('refuses to start on a bad variable and names it', async () => {
    const server = startServer({ PORT: 'abc', ACCESS_TOKEN_TTL_SECONDS: '-5' });
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain('PORT: must be a port number');
    expect(server.stderr()).toContain('ACCESS_TOKEN_TTL_SECONDS: must be greater than zero');
    expect(server.stderr()).not.toMatch(/\n\s+at /);
  });

  it('starts on embedded defaults, migrates, seeds, logs its address and stops gracefully', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-api-server-'));
    dirs.push(dataDir);
    const server = startServer({ DATA_DIR: dataDir, PORT: '0' });
    try {
      const address = await until(
        () => /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(server.stdout())?.[1],
        60_000,
      );
      expect(server.stdout()).toContain('seeded demo data into an empty database');
      // JSON lines unless LOG_FORMAT says otherwise.
      expect(JSON.parse(server.stdout().split('\n')[0] ?? '')).toMatchObject({ level: 30 });
      const health = await fetch(`${address}/health`);
      expect(health.status).toBe(200);
      await access(path.join(dataDir, 'jwt-secret'));
    } finally {
      server.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
    // The lock is released, so the next start can open the store.
    await expect(access(path.join(dataDir, 'pglite.lock'))).rejects.toThrow();
  }, 90_000); // a cold start migrates and seeds a fresh store: 15 s idle, more beside other suites

  it('writes readable lines instead of JSON with LOG_FORMAT=pretty', async () => {
    // A copy of the run's migrated store: the cold start is the test above, this one is about
    // the log lines (creating a store in WebAssembly again took most of its time).
    const store = await scratchDatabaseFor('pglite', { template: 'migrated' });
    stores.push(store);
    const server = startServer({ DATA_DIR: store.dataDir, PORT: '0', LOG_FORMAT: 'pretty', SEED_DEMO_DATA: 'false' });
    try {
      await until(() => (server.stdout().includes('Server listening at') ? true : undefined), 60_000);
      const lines = server
        .stdout()
        .split('\n')
        .filter((line) => line.trim() !== '');
      expect(lines.some((line) => line.startsWith('{'))).toBe(false);
      expect(server.stdout()).toMatch(
        /\[\d\d:\d\d:\d\d\.\d{3}\] INFO.*: Server listening at http:\/\/127\.0\.0\.1:\d+/,
      );
    } finally {
      server.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
  });
});
