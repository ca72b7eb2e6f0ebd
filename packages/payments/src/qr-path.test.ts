import { create } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrPath } from './qr-path.js';

/** Paints the path's rectangles back into a module grid. */
function paint(path: string, size: number): boolean[][] {
  const grid = Array.from({ length: size }, () => Array.from({ length: size }, () => false));
  for (const [, x, y, width] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let offset = 0; offset < Number(width); offset += 1) (grid[Number(y)] as boolean[])[Number(x) + offset] = true;
  }
  return grid;
}

describe('qrPath', () => {
  it('draws exactly the dark modules of the level-M code, inside a 4-module quiet zone', () => {
    const text =
      'SPD*1.0*ACC:CZ6220100000002001234588*AM:48200.50*CC:CZK*X-VS:2026000103*DT:20261215*MSG:VYUCTOVANI 2026000103';
    const { modules } = create(text, { errorCorrectionLevel: 'M' });
    const { size, path } = qrPath(text);
    expect(size).toBe(modules.size + 8);
    const grid = paint(path, size);
    for (let row = 0; row < size; row += 1) {
      for (let column = 0; column < size; column += 1) {
        const inside = row >= 4 && column >= 4 && row < size - 4 && column < size - 4;
        const dark = inside && Boolean(modules.get(row - 4, column - 4));
        expect(grid[row]?.[column], `module ${row},${column}`).toBe(dark);
      }
    }
  });
});
