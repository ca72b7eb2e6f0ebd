import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEMO_TENANTS, DEMO_USERS } from '../demo/demo-data.js';
import { SLOW, useInstallations } from '../testing/installations.js';
import { DATABASE_DRIVERS } from '../testing/scratch-database.js';
import { tableCounts } from '../testing/table-counts.js';
import { testConfig } from '../testing/test-config.js';
import { login } from '../testing/test-client.js';
import { statementImportArgs } from '../testing/statement-import.js';
import { backup, restore } from './backup.js';
import { FILE_STORE_DRIVERS } from '../files/file-store.js';
import { runCommand } from './portal-admin.js';

// Two installations per test, each booted, plus a dump and a load.
const { scratch: scratchFor, boot, defer } = useInstallations();

/** Every file of the app's file store with the SHA-256 of its bytes as read back, by key. */
async function storedDigests(app: FastifyInstance): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for await (const { key } of app.fileStore.list()) {
    const opened = await app.fileStore.open(key);
    const hash = createHash('sha256');
    for await (const piece of opened?.stream ?? []) hash.update(piece as Buffer);
    digests[key] = hash.digest('hex');
  }
  return digests;
}

const combinations = DATABASE_DRIVERS.flatMap((driver) =>
  FILE_STORE_DRIVERS.map((fileStore) => ({ driver, fileStore })),
);

describe.each(combinations)('backup and restore ($driver, FILE_STORE=$fileStore)', ({ driver, fileStore }) => {
  it(
    'restores into an empty installation with every row and file, and refuses a non-empty one',
    async () => {
      // The installation to back up: demo data (tickets, the photo attachment, readings,
      // reservations) plus an imported statement PDF. The PGlite template was seeded with the
      // database store, so the folder store starts from the migrated one and seeds its own.
      const source = await scratchFor(driver, fileStore === 'database' ? 'seeded' : 'migrated');
      const sourceConfig = testConfig({ dataDir: source.dataDir, databaseUrl: source.databaseUrl, fileStore });
      const sourceApp = await boot(sourceConfig);
      const pdfPath = path.join(source.dataDir, 'upload.pdf');
      await writeFile(pdfPath, '%PDF-1.4\n% vyúčtování zálohy\n%%EOF\n');
      await runCommand(statementImportArgs('2099000001', pdfPath), sourceApp.db, sourceApp.fileStore);
      await rm(pdfPath);
      const rowsBefore = await tableCounts(sourceApp.db);
      expect(rowsBefore['support_tickets']).toBeGreaterThan(0);
      expect(rowsBefore['ticket_attachments']).toBeGreaterThan(0);
      expect(rowsBefore['readings']).toBeGreaterThan(0);
      expect(rowsBefore['reservations']).toBeGreaterThan(0);
      const filesBefore = await storedDigests(sourceApp);
      expect(Object.keys(filesBefore).map((key) => key.split('/')[0])).toEqual(['attachments', 'statements']);

      const out = await mkdtemp(path.join(tmpdir(), 'portal-backup-'));
      defer(() => rm(out, { recursive: true, force: true }));
      const backupDir = path.join(out, 'backup');
      // PostgreSQL is backed up while the API runs; the embedded store serves one process.
      if (driver === 'pglite') {
        await expect(backup(sourceConfig, backupDir)).rejects.toThrow(/already used by process/);
        await rm(backupDir, { recursive: true, force: true });
        await sourceApp.close();
      }
      const manifest = await backup(sourceConfig, backupDir);
      if (fileStore === 'database') {
        // The dump is the whole backup: the files are rows.
        expect(manifest).toMatchObject({ driver, fileStore, files: {} });
        expect((await readdir(backupDir)).sort()).toEqual([manifest.database, 'manifest.json'].sort());
      } else {
        expect(manifest).toMatchObject({ driver, fileStore, files: { attachments: 1, statements: 1 } });
      }

      // A new, empty installation.
      const target = await scratchFor(driver);
      const targetConfig = testConfig({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, fileStore });
      if (fileStore === 'database') {
        await expect(restore({ ...targetConfig, fileStore: 'folder' }, backupDir)).rejects.toThrow(/FILE_STORE/);
      }
      await restore(targetConfig, backupDir);
      const restored = await boot(targetConfig);

      // Every row, and every file byte for byte.
      expect(await tableCounts(restored.db)).toEqual(rowsBefore);
      expect(await storedDigests(restored)).toEqual(filesBefore);

      // Served as before: the photo downloads byte for byte through the API.
      const tokens = await login(restored, DEMO_USERS.jana.email, DEMO_USERS.jana.password);
      const auth = { authorization: `Bearer ${tokens.access}`, 'x-tenant-id': DEMO_TENANTS.alfa.id };
      const list = await restored.inject({
        method: 'GET',
        url: '/api/v1/support_tickets/?page_size=100',
        headers: auth,
      });
      const withPhoto = [];
      for (const ticket of list.json<{ id: number }[]>()) {
        const detail = await restored.inject({
          method: 'GET',
          url: `/api/v1/support_tickets/${ticket.id}/`,
          headers: auth,
        });
        const { attachments } = detail.json<{ attachments: { id: number }[] }>();
        withPhoto.push(...attachments.map((attachment) => ({ ticket: ticket.id, attachment: attachment.id })));
      }
      expect(withPhoto.length).toBeGreaterThan(0);
      const [photo] = withPhoto;
      const download = await restored.inject({
        method: 'GET',
        url: `/api/v1/support_tickets/${photo?.ticket}/attachments/${photo?.attachment}/`,
        headers: auth,
      });
      expect(download.statusCode).toBe(200);
      const attachmentDigests = Object.entries(filesBefore)
        .filter(([file]) => file.startsWith('attachments/'))
        .map(([, digest]) => digest);
      expect(attachmentDigests).toContain(createHash('sha256').update(download.rawPayload).digest('hex'));

      // A second restore into the same, now used, installation is refused.
      if (driver === 'pglite') await restored.close();
      await expect(restore(targetConfig, backupDir)).rejects.toThrow(/empty/);

      if (fileStore === 'folder') {
        // A folder backup (as every backup before the database store was) restored into an
        // installation on the database store: the API moves its files in at start-up.
        const moved = await scratchFor(driver);
        const movedConfig = testConfig({ dataDir: moved.dataDir, databaseUrl: moved.databaseUrl });
        await restore(movedConfig, backupDir);
        const movedApp = await boot(movedConfig);
        expect(movedApp.fileStore.driver).toBe('database');
        expect(await storedDigests(movedApp)).toEqual(filesBefore);
        expect(await readdir(moved.dataDir)).not.toContain('attachments');
      }
    },
    SLOW,
  );
});

describe('backup refusals', () => {
  it('refuses a folder that is not a backup and a non-empty output folder', async () => {
    const scratch = await scratchFor('pglite');
    const config = testConfig({ dataDir: scratch.dataDir });
    await expect(restore(config, scratch.dataDir)).rejects.toThrow(/manifest\.json/);
    await writeFile(path.join(scratch.dataDir, 'something'), 'x');
    await expect(backup(config, scratch.dataDir)).rejects.toThrow(/not empty/);
  });
});
