import { create } from 'qrcode';

/** Quiet zone around the code, in modules (the QR Platba graphic manual asks for 4). */
export const QUIET_ZONE = 4;

/**
 * The dark modules of a QR code as one SVG path in module units, one rectangle per horizontal
 * run of dark modules (a third of the commands of one square per module), with the quiet zone
 * around it: `size` is the width of the whole square. The page draws it as inline SVG and the
 * generated PDF fills the same path, so both show the very same code, sharp at any zoom.
 */
export function qrPath(text: string): { size: number; path: string } {
  // Error-correction level M, as the QR Platba specification requires.
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  let path = '';
  for (let row = 0; row < modules.size; row += 1) {
    let column = 0;
    while (column < modules.size) {
      if (!modules.get(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < modules.size && modules.get(row, column)) column += 1;
      path += `M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${column - start}v1h-${column - start}z`;
    }
  }
  return { size: modules.size + 2 * QUIET_ZONE, path };
}
