import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * A billing statement as an A4 PDF (pdf-lib). The text is set in DejaVu Sans, embedded as a
 * subset: the 14 standard PDF fonts cover only WinAnsi, which lacks Czech letters such as
 * č, ř and ů. The font comes from the `dejavu-fonts-ttf` npm package, so the API needs no
 * system fonts. pdf-lib writes a ToUnicode map for the subset, so the text can be searched
 * and copied out of the document.
 */

export interface PdfLine {
  text: string;
  size?: number;
  bold?: boolean;
}

export interface PdfOptions {
  title?: string;
}

const require = createRequire(import.meta.url);
const fontPath = (file: string) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`);

let fonts: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;

/** Read once per process: the two files are about 1.4 MB together. */
function fontBytes() {
  fonts ??= Promise.all([readFile(fontPath('DejaVuSans.ttf')), readFile(fontPath('DejaVuSans-Bold.ttf'))]).then(
    ([regular, bold]) => ({ regular, bold }),
  );
  return fonts;
}

const PAGE = { width: 595.28, height: 841.89, margin: 50 };

export async function renderPdf(lines: PdfLine[], options: PdfOptions = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  if (options.title !== undefined) doc.setTitle(options.title);
  doc.setLanguage('cs-CZ');
  doc.setProducer('Portál nájemců');
  const bytes = await fontBytes();
  const regular = await doc.embedFont(bytes.regular, { subset: true });
  const bold = await doc.embedFont(bytes.bold, { subset: true });

  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const maxWidth = PAGE.width - 2 * PAGE.margin;
  for (const line of lines) {
    const size = line.size ?? 11;
    const font = line.bold === true ? bold : regular;
    for (const part of wrap(line.text, font, size, maxWidth)) {
      y -= size + 6;
      if (y < PAGE.margin) {
        page = doc.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - PAGE.margin - size - 6;
      }
      page.drawText(part, { x: PAGE.margin, y, size, font, color: rgb(0.1, 0.1, 0.12) });
    }
  }
  return Buffer.from(await doc.save());
}

/** Greedy word wrap to the text width; a single over-long word is left to overflow. */
function wrap(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const words = text.split(' ');
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (current !== '' && font.widthOfTextAtSize(candidate, size) > maxWidth) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  lines.push(current);
  return lines;
}
