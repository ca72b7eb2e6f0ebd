import decode from 'heic-decode';
import { move, transferableSymbol, valueSymbol } from 'piscina';

/**
 * Decodes one HEIC/HEIF photo to RGBA, in a worker thread of images/heic.ts: libheif
 * (WebAssembly) works synchronously for seconds on a phone photo and keeps its grown heap, so it
 * never runs on the API's event loop, and the idle thread – heap and all – ends.
 *
 * Node runs this file as it is in tests and `pnpm dev` (its type stripping), so it holds only
 * erasable TypeScript and imports only packages.
 */

export interface HeicTask {
  bytes: Uint8Array;
  /** Larger photos are refused before their pixels are allocated. */
  maxPixels: number;
}

export type HeicDecoded =
  { ok: true; width: number; height: number; rgba: Uint8Array } | { ok: false; reason: 'too_large' | 'unreadable' };

/** heic-decode's `all()` as its README documents it (its published types omit the size and `dispose`). */
interface Frame {
  width: number;
  height: number;
  decode(): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
}
type Frames = Frame[] & { dispose(): void };

export default async function decodeHeic({ bytes, maxPixels }: HeicTask): Promise<unknown> {
  let frames: Frames;
  try {
    frames = (await decode.all({ buffer: bytes })) as unknown as Frames;
  } catch {
    return { ok: false, reason: 'unreadable' } satisfies HeicDecoded;
  }
  try {
    // The first top-level image: a phone photo has one (a grid of tiles counts as one image).
    const primary = frames[0];
    if (primary === undefined || primary.width < 1 || primary.height < 1) {
      return { ok: false, reason: 'unreadable' } satisfies HeicDecoded;
    }
    if (primary.width * primary.height > maxPixels) return { ok: false, reason: 'too_large' } satisfies HeicDecoded;
    const image = await primary.decode();
    const rgba = new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength);
    const result: HeicDecoded = { ok: true, width: image.width, height: image.height, rgba };
    // The pixels (up to 100 MB) move to the API's thread instead of being copied.
    return move({ [transferableSymbol]: rgba.buffer, [valueSymbol]: result });
  } catch {
    return { ok: false, reason: 'unreadable' } satisfies HeicDecoded;
  } finally {
    frames.dispose();
  }
}
