import { cp, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '../db/database.js';

export interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export async function readJournal(folder: string = MIGRATIONS_FOLDER): Promise<JournalEntry[]> {
  const journal = JSON.parse(await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/**
 * A copy of the migrations folder that ends at `lastTag`: the schema a database of an older
 * release has. drizzle's migrator reads only the journal and the SQL files it names.
 */
export async function migrationsFolderUpTo(lastTag: string): Promise<string> {
  const raw = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  const end = raw.entries.findIndex((entry) => entry.tag === lastTag);
  if (end < 0) throw new Error(`no migration ${lastTag}`);
  const folder = await mkdtemp(path.join(tmpdir(), 'portal-api-migrations-'));
  await mkdir(path.join(folder, 'meta'));
  const entries = raw.entries.slice(0, end + 1);
  await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...raw, entries }));
  for (const entry of entries) {
    await cp(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  return folder;
}
