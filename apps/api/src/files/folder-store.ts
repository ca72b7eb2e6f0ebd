import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  checkKey,
  FILE_AREAS,
  type FileSource,
  type FileStore,
  type OpenedFile,
  type StoredContent,
} from './file-store.js';

const isErrno = (error: unknown, code: string) =>
  error instanceof Error && (error as NodeJS.ErrnoException).code === code;

/**
 * Files under `DATA_DIR/<key>` (`attachments/…`, `statements/…`), written to a temporary
 * `.name.part` and renamed once complete, so a reader never sees half a file. Every instance
 * must see the same folder: one host, or a shared file system.
 */
export function folderFileStore(dataDir: string): FileStore {
  const pathOf = (key: string) => path.join(dataDir, ...checkKey(key).split('/'));

  const store: FileStore = {
    driver: 'folder',

    async write(key: string, source: FileSource): Promise<StoredContent> {
      const final = pathOf(key);
      const temporary = path.join(path.dirname(final), `.${path.basename(final)}.part`);
      await mkdir(path.dirname(final), { recursive: true });
      if (await exists(final)) throw new Error(`The file store already has ${key}.`);
      const hash = createHash('sha256');
      let size = 0;
      try {
        await pipeline(
          Readable.from(source, { objectMode: false }),
          async function* (pieces: AsyncIterable<Uint8Array>) {
            for await (const piece of pieces) {
              hash.update(piece);
              size += piece.byteLength;
              yield piece;
            }
          },
          createWriteStream(temporary, { mode: 0o600, flags: 'wx' }),
        );
        await rename(temporary, final);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return { size, sha256: hash.digest('hex') };
    },

    async open(key: string): Promise<OpenedFile | undefined> {
      const file = pathOf(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return undefined;
        return { size: info.size, stream: createReadStream(file) };
      } catch (error) {
        if (isErrno(error, 'ENOENT')) return undefined;
        throw error;
      }
    },

    async remove(key: string): Promise<void> {
      await rm(pathOf(key), { force: true });
    },

    async *list() {
      for (const area of FILE_AREAS) {
        let names: string[];
        try {
          names = await readdir(path.join(dataDir, area));
        } catch (error) {
          if (isErrno(error, 'ENOENT')) continue;
          throw error;
        }
        for (const name of names.filter((entry) => !entry.startsWith('.')).sort()) {
          const info = await stat(path.join(dataDir, area, name));
          if (info.isFile()) yield { key: `${area}/${name}`, size: info.size, sha256: undefined };
        }
      }
    },

    on: () => store,
  };
  return store;
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return false;
    throw error;
  }
}
