import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * A billing statement as an A4 PDF written with PDFKit as a tagged PDF that declares PDF/UA
 * (ISO 14289): a structure tree of heading, paragraphs and a list, so assistive technology reads
 * it in order and with its roles; the language (cs-CZ) and a title the viewer shows instead of
 * the file name (docs/czech.md §5). The text is set in DejaVu Sans, embedded as a subset: the 14
 * standard PDF fonts cover only WinAnsi, which lacks Czech letters such as č, ř and ů. The font
 * comes from the `dejavu-fonts-ttf` npm package, so the API needs no system fonts; PDFKit writes
 * a ToUnicode map for the subset, so the text can be searched and copied out of the document.
 */

/** A block of the document, in reading order. */
export type PdfBlock =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string; bold?: boolean }
  | { type: 'list'; items: string[] }
  /** Vertical space between groups of blocks; no content. */
  | { type: 'gap' };

export interface PdfOptions {
  /** The document's title (its metadata, shown by viewers as the window title). */
  title: string;
}

const require = createRequire(import.meta.url);
const fontPath = (file: string) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`);

let fonts: Promise<{ regular: Buffer; bold: Buffer }> | undefined;

/** Read once per process: the two files are about 1.4 MB together. */
function fontBytes() {
  fonts ??= Promise.all([readFile(fontPath('DejaVuSans.ttf')), readFile(fontPath('DejaVuSans-Bold.ttf'))]).then(
    ([regular, bold]) => ({ regular, bold }),
  );
  return fonts;
}

const TEXT_COLOUR = '#1a1a1f';
const BODY_SIZE = 11;
const HEADING_SIZE = 18;
/** Space between lines of a block, in points. */
const LINE_GAP = 6;

/**
 * PDF/UA is a subset PDFKit knows (it writes `pdfuaid:part` into the XMP metadata), but
 * @types/pdfkit 0.17 lists only the PDF/A subsets in its option type.
 */
const PDF_UA = 'PDF/UA' as unknown as PDFKit.Mixins.PDFSubsets;

export async function renderPdf(blocks: readonly PdfBlock[], options: PdfOptions): Promise<Buffer> {
  const bytes = await fontBytes();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    pdfVersion: '1.7',
    subset: PDF_UA,
    tagged: true,
    lang: 'cs-CZ',
    displayTitle: true,
    info: { Title: options.title, Producer: 'Portál nájemníka' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.registerFont('regular', bytes.regular);
  doc.registerFont('bold', bytes.bold);
  doc.fillColor(TEXT_COLOUR);
  const text =
    (value: string, font: 'regular' | 'bold', size = BODY_SIZE) =>
    () => {
      doc.font(font).fontSize(size).text(value, { lineGap: LINE_GAP });
    };

  const document = doc.struct('Document');
  doc.addStructure(document);
  for (const block of blocks) {
    switch (block.type) {
      case 'heading':
        document.add(doc.struct('H1', {}, text(block.text, 'bold', HEADING_SIZE)));
        break;
      case 'paragraph':
        document.add(doc.struct('P', {}, text(block.text, block.bold === true ? 'bold' : 'regular')));
        break;
      case 'list':
        document.add(
          doc.struct(
            'L',
            {},
            block.items.map((item) => doc.struct('LI', {}, [doc.struct('LBody', {}, text(item, 'regular'))])),
          ),
        );
        break;
      case 'gap':
        doc.moveDown();
        break;
    }
  }
  document.end();
  doc.end();
  return finished;
}
