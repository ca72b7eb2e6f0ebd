import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HEIC_QUEUE_MAX, ImageWorkBusyError, decodeHeic } from './heic.js';
import decodeInThisThread from './heic-worker.js';
import { heicToJpeg, previewImage } from './images.js';

/** A real HEIC photo, 64 × 48, four plain quadrants (testing/fixtures/README.md). */
const HEIC = await readFile(new URL('../testing/fixtures/quadrants.heic', import.meta.url));
const QUADRANTS = {
  topLeft: [220, 30, 30],
  topRight: [30, 60, 220],
  bottomLeft: [30, 180, 60],
  bottomRight: [245, 245, 245],
};

/** The RGB of the pixel at (x, y) of an encoded image. */
async function pixel(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

function expectColour(actual: number[], expected: number[]) {
  // Lossy codecs (HEVC, then JPEG or WebP) move plain colours by a few steps.
  actual.forEach((channel, index) => expect(Math.abs(channel - (expected[index] ?? 0))).toBeLessThanOrEqual(12));
}

/** A JPEG of `width` × `height`, left half red and right half blue, with EXIF orientation `orientation`. */
function jpegWithOrientation(width: number, height: number, orientation: number): Promise<Buffer> {
  const rgb = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) rgb.set(x < width / 2 ? [220, 30, 30] : [30, 60, 220], (y * width + x) * 3);
  return sharp(rgb, { raw: { width, height, channels: 3 } })
    .jpeg()
    .withMetadata({ orientation, exif: { IFD0: { Copyright: 'Tajné místo' } } })
    .toBuffer();
}

describe('HEIC photos', () => {
  it('become a JPEG of the same picture', async () => {
    const converted = await heicToJpeg(HEIC);
    if (!converted.ok) throw new Error(`not converted: ${converted.reason}`);
    const meta = await sharp(converted.bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(meta.exif).toBeUndefined();
    expectColour(await pixel(converted.bytes, 8, 8), QUADRANTS.topLeft);
    expectColour(await pixel(converted.bytes, 56, 8), QUADRANTS.topRight);
    expectColour(await pixel(converted.bytes, 8, 40), QUADRANTS.bottomLeft);
    expectColour(await pixel(converted.bytes, 56, 40), QUADRANTS.bottomRight);
  });

  it('are refused above the pixel limit before any pixel is decoded, and when unreadable', async () => {
    expect(await decodeInThisThread({ bytes: HEIC, maxPixels: 64 * 48 - 1 })).toEqual({
      ok: false,
      reason: 'too_large',
    });
    // A HEIC header and nothing a decoder can use.
    const broken = Buffer.concat([HEIC.subarray(0, 40), Buffer.alloc(200, 7)]);
    expect(await heicToJpeg(broken)).toEqual({ ok: false, reason: 'unreadable' });
    expect(await heicToJpeg(Buffer.from('not an image at all'))).toEqual({ ok: false, reason: 'unreadable' });
  });

  it('are decoded one at a time with a short queue: more at once are refused as busy', async () => {
    // One decoding and HEIC_QUEUE_MAX waiting; the two beyond are refused at once.
    const attempts = Array.from({ length: HEIC_QUEUE_MAX + 3 }, () => decodeHeic(HEIC));
    const outcomes = await Promise.allSettled(attempts);
    const busy = outcomes.filter(
      (outcome) => outcome.status === 'rejected' && outcome.reason instanceof ImageWorkBusyError,
    );
    const decoded = outcomes.filter((outcome) => outcome.status === 'fulfilled' && outcome.value.ok);
    expect(busy).toHaveLength(2);
    expect(decoded).toHaveLength(HEIC_QUEUE_MAX + 1);
    // Once the queue has drained, photos are decoded again.
    expect(await decodeHeic(HEIC)).toMatchObject({ ok: true, width: 64, height: 48 });
  });
});

describe('previews', () => {
  it('fit their box, are never enlarged, stand upright and carry no metadata', async () => {
    // Stored 400 × 200 with orientation 6 (rotate 90° clockwise to show): shown 200 × 400.
    const photo = await jpegWithOrientation(400, 200, 6);
    const small = await previewImage(photo, 'image/jpeg', 'small');
    const large = await previewImage(photo, 'image/jpeg', 'large');
    if (!small.ok || !large.ok) throw new Error('no preview');
    const smallMeta = await sharp(small.bytes).metadata();
    expect(smallMeta).toMatchObject({ format: 'webp', width: 160, height: 320 });
    expect(smallMeta.exif).toBeUndefined();
    expect(smallMeta.orientation).toBeUndefined();
    // After turning upright the red half is on top.
    expectColour(await pixel(small.bytes, 80, 40), [220, 30, 30]);
    expectColour(await pixel(small.bytes, 80, 280), [30, 60, 220]);
    expect(await sharp(large.bytes).metadata()).toMatchObject({ format: 'webp', width: 200, height: 400 });
  });

  it('are made of HEIC photos kept before uploads were converted, and of a GIF’s first frame', async () => {
    const heic = await previewImage(HEIC, 'image/heic', 'small');
    if (!heic.ok) throw new Error('no preview');
    expect(await sharp(heic.bytes).metadata()).toMatchObject({ format: 'webp', width: 64, height: 48 });
    expectColour(await pixel(heic.bytes, 56, 8), QUADRANTS.topRight);

    const gif = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#1e3cdc' } })
      .gif()
      .toBuffer();
    const fromGif = await previewImage(gif, 'image/gif', 'small');
    if (!fromGif.ok) throw new Error('no preview');
    expect(await sharp(fromGif.bytes).metadata()).toMatchObject({ format: 'webp', width: 30, height: 20 });
  });

  it('are refused for bytes that are no image and for images of too many pixels', async () => {
    // A PNG signature and header only: what a content check accepts, but nothing to decode.
    const pngHeader = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(await previewImage(pngHeader, 'image/png', 'small')).toEqual({ ok: false, reason: 'unreadable' });
    // 20 000 × 20 000 declared in a real header: refused before 400 million pixels are decoded.
    const huge = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    huge.writeUInt32BE(20_000, 16);
    huge.writeUInt32BE(20_000, 20);
    expect(await previewImage(huge, 'image/png', 'small')).toMatchObject({ ok: false });
  });
});
