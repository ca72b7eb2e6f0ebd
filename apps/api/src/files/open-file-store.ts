import type { Database } from '../db/database.js';
import { databaseFileStore } from './database-store.js';
import type { FileStore, FileStoreDriver } from './file-store.js';
import { folderFileStore } from './folder-store.js';

/** The store `FILE_STORE` names: the database the API runs on, or the folder `DATA_DIR`. */
export function openFileStore(driver: FileStoreDriver, where: { db: Database; dataDir: string }): FileStore {
  return driver === 'folder' ? folderFileStore(where.dataDir) : databaseFileStore(where.db);
}
