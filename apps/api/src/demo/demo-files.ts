import { deflateSync } from 'node:zlib';

/**
 * Small files the demo data attaches to tickets, built in code so the seed needs nothing
 * from disk and downloads work out of the box.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A 64×64 RGB PNG of a thermometer reading "too warm" (a red column on a light background),
 * the photo a tenant would attach to the air-conditioning ticket.
 */
export function thermometerPng(): Buffer {
  const size = 64;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3); // filter byte 0 (none), then RGB triples
    for (let x = 0; x < size; x += 1) {
      const inTube = x >= 28 && x < 36 && y >= 6 && y < 50;
      const inBulb = (x - 32) ** 2 + (y - 54) ** 2 <= 49;
      const filled = inBulb || (inTube && y >= 14);
      const outline = inTube && !filled;
      const [r, g, b] = filled ? [214, 40, 40] : outline ? [160, 160, 170] : [245, 246, 250];
      row.writeUInt8(r, 1 + x * 3);
      row.writeUInt8(g, 2 + x * 3);
      row.writeUInt8(b, 3 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
