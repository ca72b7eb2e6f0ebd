import pLimit from 'p-limit';
import sharp, { type Sharp } from 'sharp';
import { decodeHeic, ImageWorkBusyError } from './heic.js';

/**
 * What the API makes of uploaded photos, with sharp (libvips): HEIC/HEIF converted to JPEG on
 * upload, and the previews of image attachments (thumbnails, the viewer's image) in WebP. The
 * work is bounded (docs/security.md, "Uploads"): images of at most {@link MAX_INPUT_PIXELS}, at
 * most {@link PREVIEWS_AT_ONCE} previews made at a time with {@link PREVIEWS_WAITING_MAX} more
 * waiting, HEIC decoding as images/heic.ts caps it.
 */

/** Larger images (by their header, before any pixel is decoded) are not read at all. */
export const MAX_INPUT_PIXELS = 100_000_000;
/** The two preview sizes: the longer side fits this many pixels (never enlarged). */
export const PREVIEW_BOXES = { small: 320, large: 1600 } as const;
export type PreviewSize = keyof typeof PREVIEW_BOXES;
export const PREVIEWS_AT_ONCE = 2;
export const PREVIEWS_WAITING_MAX = 16;

// Each preview is made once and kept in the file store: libvips' own cache would only hold
// memory. One libvips thread per image: the limit above is what bounds the CPU.
sharp.cache(false);
sharp.concurrency(1);

const previewSlots = pLimit(PREVIEWS_AT_ONCE);

export { ImageWorkBusyError } from './heic.js';

/** Why an image could not be made: too many pixels, or not readable as the image it claims to be. */
export type ImageRefusal = 'too_large' | 'unreadable';

export type ImageOutcome = { ok: true; bytes: Buffer } | { ok: false; reason: ImageRefusal };

/** A HEIC/HEIF photo as a JPEG (quality 90, no metadata), or why not. Throws {@link ImageWorkBusyError}. */
export async function heicToJpeg(heic: Uint8Array): Promise<ImageOutcome> {
  const decoded = await decodeHeic(heic);
  if (!decoded.ok) return decoded;
  const { width, height, rgba } = decoded;
  const bytes = await sharp(rgba, { raw: { width, height, channels: 4 } })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 90 })
    .toBuffer();
  return { ok: true, bytes };
}

/**
 * A WebP preview of an image attachment, `size` fitting its box, turned upright by its EXIF
 * orientation and without any metadata (no EXIF, no location); a GIF's first frame. Throws
 * {@link ImageWorkBusyError} when too many previews are being made.
 */
export async function previewImage(original: Buffer, contentType: string, size: PreviewSize): Promise<ImageOutcome> {
  if (previewSlots.pendingCount >= PREVIEWS_WAITING_MAX) throw new ImageWorkBusyError('previews busy');
  return previewSlots(async () => {
    const box = PREVIEW_BOXES[size];
    let input: Sharp;
    if (contentType === 'image/heic' || contentType === 'image/heif') {
      // Stored before uploads were converted: decoded like an upload.
      const decoded = await decodeHeic(original);
      if (!decoded.ok) return decoded;
      input = sharp(decoded.rgba, { raw: { width: decoded.width, height: decoded.height, channels: 4 } });
    } else {
      input = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
      try {
        const { width = 0, height = 0 } = await input.metadata();
        if (width * height > MAX_INPUT_PIXELS) return { ok: false, reason: 'too_large' };
      } catch {
        return { ok: false, reason: 'unreadable' };
      }
    }
    try {
      const bytes = await input
        .autoOrient()
        .resize({ width: box, height: box, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: size === 'small' ? 70 : 80 })
        .toBuffer();
      return { ok: true, bytes };
    } catch {
      return { ok: false, reason: 'unreadable' };
    }
  });
}
