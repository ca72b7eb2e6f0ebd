import { Piscina } from 'piscina';
import type { HeicDecoded } from './heic-worker.js';

/**
 * HEIC/HEIF decoding – the iPhone's default photo format, which browsers other than Safari
 * cannot show – capped so that visitors cannot use it to exhaust the API (docs/security.md,
 * "Uploads"): at most {@link HEIC_MAX_PIXELS}, one photo at a time per API instance in one
 * worker thread, {@link HEIC_QUEUE_MAX} more waiting, {@link HEIC_TIMEOUT_MS} per photo.
 */

/** 25 megapixels: the iPhone's 12 and 24 MP photos (about 100 MB of RGBA and 4 s of CPU at most). */
export const HEIC_MAX_PIXELS = 25_000_000;
/** Photos that may wait while one is decoded; another one is refused as busy. */
export const HEIC_QUEUE_MAX = 2;
/** Waiting and decoding together; longer means the instance is overloaded. */
export const HEIC_TIMEOUT_MS = 20_000;
/** An idle worker thread ends after this long, and with it the decoder's heap. */
const IDLE_MS = 15_000;

/** The API is already decoding as many photos as it allows: try again shortly. */
export class ImageWorkBusyError extends Error {
  override readonly name = 'ImageWorkBusyError';
}

// Under tests and `pnpm dev` this module runs as TypeScript, and so must its worker.
const WORKER = new URL(import.meta.url.endsWith('.ts') ? './heic-worker.ts' : './heic-worker.js', import.meta.url);

let pool: Piscina | undefined;
/** Photos running or waiting. Counted here: Piscina's `maxQueue` skips tasks that carry an abort signal. */
let inFlight = 0;

function workers(): Piscina {
  pool ??= new Piscina({
    filename: WORKER.href,
    minThreads: 0,
    maxThreads: 1,
    concurrentTasksPerWorker: 1,
    idleTimeout: IDLE_MS,
  });
  return pool;
}

/**
 * The photo's first image as RGBA pixels, or why not: more than {@link HEIC_MAX_PIXELS}, or not a
 * readable HEIC/HEIF. Throws {@link ImageWorkBusyError} when the queue is full or the photo was
 * not done within {@link HEIC_TIMEOUT_MS} (the worker is then ended mid-decode).
 */
export async function decodeHeic(bytes: Uint8Array): Promise<HeicDecoded> {
  if (inFlight >= 1 + HEIC_QUEUE_MAX) throw new ImageWorkBusyError('HEIC queue full');
  inFlight += 1;
  try {
    return (await workers().run(
      { bytes, maxPixels: HEIC_MAX_PIXELS },
      { signal: AbortSignal.timeout(HEIC_TIMEOUT_MS) },
    )) as HeicDecoded;
  } catch (error) {
    if (isAbort(error)) throw new ImageWorkBusyError('HEIC decoding timed out', { cause: error });
    throw error;
  } finally {
    inFlight -= 1;
  }
}

const isAbort = (error: unknown) =>
  error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
