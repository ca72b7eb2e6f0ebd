import { spawn } from 'node:child_process';
import { chmod, cp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { AppConfig } from '../config/env.js';
import { dumpEmbeddedStore, loadEmbeddedStore } from '../db/database.js';

/**
 * `portal-admin backup --out DIR` and `portal-admin restore --from DIR`, in one folder:
 *
 *   manifest.json        written last: a folder without it is an unfinished backup
 *   database.pgdump      PostgreSQL: pg_dump's custom format (restored with pg_restore)
 *   database.pglite.tgz  embedded store: PGlite's own data-directory dump
 *   files/attachments/, files/statements/   only with FILE_STORE=folder
 *
 * With the database file store (the default) the dump is the whole backup: the files are rows
 * (docs/decisions/010-files-in-the-database.md), taken in the same snapshot as the rows that
 * name them. With FILE_STORE=folder the database is dumped before the files are copied; a file
 * is written before the row that names it is committed, so every row in the dump finds its
 * file, and files of rows created during the backup are copied too and are simply unused after
 * a restore.
 */

export const BACKUP_FORMAT = 'portal-backup/2';
/** Backups of releases before the file store: always with copied folders. Still restored. */
const FOLDER_ONLY_FORMAT = 'portal-backup/1';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT | typeof FOLDER_ONLY_FORMAT;
  createdAt: string;
  driver: 'postgres' | 'pglite';
  database: string;
  /** Where the installation kept its files; absent in format 1, which means `folder`. */
  fileStore?: 'database' | 'folder';
  /** Folders under DATA_DIR that were copied (FILE_STORE=folder), with their file counts. */
  files: Record<string, number>;
}

export class BackupError extends Error {
  override readonly name = 'BackupError';
}

const FILE_STORES = {
  attachments: (dataDir: string) => path.join(dataDir, 'attachments'),
  statements: (dataDir: string) => path.join(dataDir, 'statements'),
} as const;

export async function backup(config: AppConfig, outDir: string): Promise<BackupManifest> {
  const target = path.resolve(outDir);
  if (!(await isEmptyOrMissing(target))) throw new BackupError(`${target} exists and is not empty`);
  await mkdir(target, { recursive: true });
  // Password hashes and refresh-token rows are inside: readable by the operator only.
  await chmod(target, 0o700);

  const driver = config.databaseUrl === undefined ? 'pglite' : 'postgres';
  let database: string;
  if (config.databaseUrl === undefined) {
    database = 'database.pglite.tgz';
    await writeFile(path.join(target, database), await dumpEmbeddedStore(config.dataDir), { mode: 0o600 });
  } else {
    database = 'database.pgdump';
    await runPgTool(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(target, database)}`],
      config.databaseUrl,
    );
  }

  const fileStore = config.fileStore ?? 'database';
  const files: Record<string, number> = {};
  for (const [name, dirOf] of fileStore === 'folder' ? Object.entries(FILE_STORES) : []) {
    const source = dirOf(config.dataDir);
    if (await isEmptyOrMissing(source)) continue;
    await cp(source, path.join(target, 'files', name), { recursive: true, preserveTimestamps: true });
    files[name] = await countFiles(path.join(target, 'files', name));
  }

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    driver,
    database,
    fileStore,
    files,
  };
  await writeFile(path.join(target, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}

/**
 * Restores into an empty installation only (a new database, a DATA_DIR without data), so a
 * mistyped target never overwrites live data. Start the API afterwards: it applies the
 * migrations that are newer than the backup, and with FILE_STORE=database moves the files of a
 * folder backup (format 1, or a FILE_STORE=folder installation) from DATA_DIR into the database.
 */
export async function restore(config: AppConfig, fromDir: string): Promise<BackupManifest> {
  const source = path.resolve(fromDir);
  const manifest = await readManifest(source);
  const driver = config.databaseUrl === undefined ? 'pglite' : 'postgres';
  if (manifest.driver !== driver) {
    throw new BackupError(
      `the backup is of a ${manifest.driver} database and this installation uses ${driver} ` +
        '(DATABASE_URL set = postgres, unset = embedded pglite)',
    );
  }
  if (manifest.fileStore === 'database' && config.fileStore === 'folder') {
    throw new BackupError(
      'the backup keeps its files in the database and this installation has FILE_STORE=folder; ' +
        'restore with FILE_STORE=database (the default)',
    );
  }
  for (const [name, dirOf] of Object.entries(FILE_STORES)) {
    if (!(await isEmptyOrMissing(dirOf(config.dataDir)))) {
      throw new BackupError(`${dirOf(config.dataDir)} is not empty: restore needs an empty installation (${name})`);
    }
  }

  const dump = path.join(source, manifest.database);
  if (config.databaseUrl === undefined) {
    if (!(await isEmptyOrMissing(path.join(config.dataDir, 'pglite')))) {
      throw new BackupError(`${path.join(config.dataDir, 'pglite')} is not empty: restore needs an empty installation`);
    }
    await loadEmbeddedStore(config.dataDir, await readFile(dump));
  } else {
    await assertEmptyDatabase(config.databaseUrl);
    await runPgTool(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', dump],
      config.databaseUrl,
    );
  }

  for (const [name, dirOf] of Object.entries(FILE_STORES)) {
    const saved = path.join(source, 'files', name);
    if (await isEmptyOrMissing(saved)) continue;
    await cp(saved, dirOf(config.dataDir), { recursive: true, preserveTimestamps: true });
  }
  return manifest;
}

async function readManifest(dir: string): Promise<BackupManifest> {
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as Partial<BackupManifest>;
  } catch {
    throw new BackupError(`${dir} has no readable manifest.json: not a backup, or an unfinished one`);
  }
  if (
    (manifest.format !== BACKUP_FORMAT && manifest.format !== FOLDER_ONLY_FORMAT) ||
    typeof manifest.database !== 'string' ||
    manifest.driver === undefined
  ) {
    throw new BackupError(`${dir}/manifest.json is not a ${BACKUP_FORMAT} manifest`);
  }
  return manifest as BackupManifest;
}

async function assertEmptyDatabase(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    if ((result.rows[0]?.n ?? 0) > 0) {
      throw new BackupError(
        'the database named by DATABASE_URL has tables: restore needs an empty database (createdb a new one)',
      );
    }
  } finally {
    await client.end();
  }
}

/**
 * pg_dump and pg_restore from the PostgreSQL client package; they must be at least the
 * server's major version. The password travels in PGPASSWORD, not on the command line, where
 * any local user could read it in the process list.
 */
async function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[], databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  // The tools get the operator's environment (PATH, PGSSLMODE, …) plus the password.
  // eslint-disable-next-line no-restricted-properties -- handed on to pg_dump, not read as configuration
  const env = { ...process.env, ...(password === '' ? {} : { PGPASSWORD: password }) };
  await new Promise<void>((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${url.toString()}`], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${tool} not found: install the PostgreSQL client (Debian: postgresql-client) of the server's major version`
            : `${tool} failed to start: ${error.message}`,
        ),
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} exited with ${code}: ${stderr.trim()}`));
    });
  });
}

async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

async function countFiles(dir: string): Promise<number> {
  let count = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) count += await countFiles(path.join(dir, entry.name));
    else if ((await stat(path.join(dir, entry.name))).isFile()) count += 1;
  }
  return count;
}
