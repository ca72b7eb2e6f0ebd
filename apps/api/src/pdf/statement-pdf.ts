import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * A business document (the billing statement) as an A4 PDF written with PDFKit as a tagged PDF
 * that declares PDF/UA (ISO 14289): a structure tree of headings, paragraphs, sections, tables
 * (Table, TR, TH with its scope, TD) and a figure with its alternative text, so assistive
 * technology reads it in order and with its roles; rules and frames are marked as artifacts.
 * The language (cs-CZ) and a title the viewer shows instead of the file name (docs/czech.md
 * §5). The text is set in DejaVu Sans, embedded as a subset: the 14 standard PDF fonts cover
 * only WinAnsi, which lacks Czech letters such as č, ř and ů. The font comes from the
 * `dejavu-fonts-ttf` npm package, so the API needs no system fonts; PDFKit writes a ToUnicode
 * map for the subset, so the text can be searched and copied out of the document.
 *
 * The module lays blocks out; it knows no statement. What a block says – already formatted,
 * Czech – is the caller's (domain/statement-document.ts).
 */

/** A party block: its heading („Dodavatel"), its lines (the first one, the name, in bold), a note. */
export interface PdfParty {
  heading: string;
  lines: string[];
  note?: string | undefined;
}

export interface PdfColumn {
  header: string;
  /** Numbers are right-aligned. */
  align?: 'left' | 'right';
  /** Points, or `'*'` for the rest of the width (the default). */
  width?: number | '*';
}

/** A QR code as an SVG path in module units (`@portal/payments/qr-path`). */
export interface PdfQr {
  path: string;
  /** Modules across, quiet zone included. */
  size: number;
  /** What the code pays, in words: the figure's alternative text. */
  alt: string;
  caption: string;
}

/** A block of the document, in reading order. */
export type PdfBlock =
  /** The document's one H1, with an optional line under it („Daňový doklad"). */
  | { type: 'title'; text: string; subtitle?: string | undefined }
  /** Up to two parties side by side. */
  | { type: 'parties'; parties: PdfParty[] }
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string; bold?: boolean; size?: 'small' | 'large' }
  /** Label–value pairs: a two-column table whose labels are row headers; with `split`, two such tables side by side. */
  | { type: 'facts'; rows: Array<[string, string]>; split?: boolean }
  /** A data table with column headers, its rows and optional (bold) total rows. */
  | { type: 'table'; columns: PdfColumn[]; rows: string[][]; totals?: string[][] }
  /** A heading and payment facts with the QR code beside them, kept on one page. */
  | { type: 'payment'; heading: string; facts: Array<[string, string]>; qr: PdfQr | null }
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
const MUTED_COLOUR = '#55575e';
const RULE_COLOUR = '#b8bcc4';
const SHADE_COLOUR = '#f1f3f6';
const MARGIN = 48;
const SIZES = { small: 8, body: 9.5, large: 12, heading: 11.5, title: 18 } as const;
/** Space between lines of a block, in points. */
const LINE_GAP = 2.5;
const COLUMN_GAP = 24;
const QR_WIDTH = 124;
/** Room for the „QR platba" label inside the frame, under the code. */
const QR_CAPTION = 14;

/**
 * PDF/UA is a subset PDFKit knows (it writes `pdfuaid:part` into the XMP metadata), but
 * @types/pdfkit 0.17 lists only the PDF/A subsets in its option type.
 */
const PDF_UA = 'PDF/UA' as unknown as PDFKit.Mixins.PDFSubsets;

/** What PDFKit 0.20's tables and cells take beyond @types/pdfkit 0.17: the structure parent and a header's scope. */
type TaggedTableOptions = PDFKit.Mixins.TableOptionsWithData & { structParent: PDFKit.PDFStructureElement };
type TaggedCell = PDFKit.Mixins.CellOptions & { scope?: 'Row' | 'Column' };
/** PDF/UA wants a figure's bounding box (PDFKit 0.19+ writes it as a Layout attribute). */
type FigureOptions = PDFKit.Mixins.StructureElementOptions & { bbox: [number, number, number, number] };

export async function renderPdf(blocks: readonly PdfBlock[], options: PdfOptions): Promise<Buffer> {
  const bytes = await fontBytes();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
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
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN;
  /** Starts a new page when less than `height` points are left on this one. */
  const keepTogether = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  /** Draws what is no content (rules, frames, shading) as an artifact, outside the structure. */
  const artifact = (draw: () => void) => {
    doc.markContent('Artifact', { type: 'Layout' });
    doc.save();
    draw();
    doc.restore();
    doc.endMarkedContent();
  };
  const rule = (y: number, from = left, to = left + width) =>
    artifact(() => {
      doc.moveTo(from, y).lineTo(to, y).lineWidth(0.6).strokeColor(RULE_COLOUR).stroke();
    });
  const text =
    (
      value: string,
      font: 'regular' | 'bold',
      size: number,
      at?: { x: number; y: number; width: number; align?: 'left' | 'center' },
      colour: string = TEXT_COLOUR,
    ) =>
    () => {
      doc.font(font).fontSize(size).fillColor(colour);
      if (at === undefined) doc.text(value, left, doc.y, { width, lineGap: LINE_GAP });
      else doc.text(value, at.x, at.y, { width: at.width, lineGap: LINE_GAP, align: at.align ?? 'left' });
      doc.fillColor(TEXT_COLOUR);
    };
  const headingBlock = (value: string) => {
    doc.moveDown(0.8);
    document.add(doc.struct('H2', {}, text(value, 'bold', SIZES.heading)));
    doc.moveDown(0.3);
  };

  const document = doc.struct('Document');
  doc.addStructure(document);

  /** A table with PDFKit's tagging: Table, TR, TH (with its scope), TD. */
  const table = (
    columns: Array<{ width: number | '*'; align: 'left' | 'right' }>,
    data: TaggedCell[][],
    at: { x: number; width: number } = { x: left, width },
  ) => {
    doc.font('regular').fontSize(SIZES.body);
    const tableOptions: TaggedTableOptions = {
      position: { x: at.x, y: doc.y },
      maxWidth: at.width,
      columnStyles: columns.map((column) => ({ width: column.width, align: { x: column.align, y: 'top' } })),
      defaultStyle: {
        border: { top: 0, right: 0, bottom: 0.6, left: 0 },
        borderColor: RULE_COLOUR,
        padding: { top: 3.5, right: 4, bottom: 3.5, left: 4 },
        textColor: TEXT_COLOUR,
      },
      data,
      structParent: document,
    };
    doc.table(tableOptions);
    doc.x = left;
  };
  const header = (value: string, scope: 'Row' | 'Column', extra: TaggedCell = {}): TaggedCell => ({
    text: value,
    type: 'TH',
    scope,
    font: { src: 'bold' },
    ...extra,
  });
  /** Labels as wide as the widest of them needs (padding included), at most 55 % of the table. */
  const labelWidth = (labels: string[], tableWidth: number) => {
    doc.font('regular').fontSize(SIZES.body);
    const widest = Math.max(...labels.map((label) => doc.widthOfString(label)));
    return Math.min(Math.ceil(widest) + 16, tableWidth * 0.55);
  };
  const facts = (rows: Array<[string, string]>, at: { x: number; width: number } = { x: left, width }) =>
    table(
      [
        {
          width: labelWidth(
            rows.map(([label]) => label),
            at.width,
          ),
          align: 'left',
        },
        { width: '*', align: 'left' },
      ],
      rows.map(([label, value]) => [
        header(label, 'Row', { font: { src: 'regular' }, textColor: MUTED_COLOUR }),
        { text: value },
      ]),
      at,
    );

  for (const block of blocks) {
    switch (block.type) {
      case 'title':
        document.add(doc.struct('H1', {}, text(block.text, 'bold', SIZES.title)));
        if (block.subtitle !== undefined)
          document.add(doc.struct('P', {}, text(block.subtitle, 'regular', SIZES.large, undefined, MUTED_COLOUR)));
        doc.moveDown(0.6);
        rule(doc.y);
        doc.moveDown(0.8);
        break;
      case 'parties': {
        const top = doc.y;
        const columnWidth = (width - COLUMN_GAP) / 2;
        let lowest = top;
        block.parties.slice(0, 2).forEach((party, index) => {
          const x = left + index * (columnWidth + COLUMN_GAP);
          const at = { x, y: top, width: columnWidth };
          const section = doc.struct('Sect');
          document.add(section);
          section.add(doc.struct('H2', {}, text(party.heading, 'bold', SIZES.small, at, MUTED_COLOUR)));
          party.lines.forEach((line, lineIndex) => {
            section.add(
              doc.struct(
                'P',
                {},
                text(line, lineIndex === 0 ? 'bold' : 'regular', lineIndex === 0 ? SIZES.large : SIZES.body, {
                  ...at,
                  y: doc.y + (lineIndex === 0 ? 3 : 0),
                }),
              ),
            );
          });
          if (party.note !== undefined)
            section.add(
              doc.struct('P', {}, text(party.note, 'regular', SIZES.small, { ...at, y: doc.y + 4 }, MUTED_COLOUR)),
            );
          section.end();
          lowest = Math.max(lowest, doc.y);
        });
        doc.x = left;
        doc.y = lowest;
        doc.moveDown(1);
        break;
      }
      case 'heading':
        keepTogether(80);
        headingBlock(block.text);
        break;
      case 'paragraph': {
        const size = block.size === undefined ? SIZES.body : SIZES[block.size];
        const colour = block.size === 'small' ? MUTED_COLOUR : TEXT_COLOUR;
        document.add(
          doc.struct('P', {}, text(block.text, block.bold === true ? 'bold' : 'regular', size, undefined, colour)),
        );
        break;
      }
      case 'facts': {
        if (block.split !== true) {
          facts(block.rows);
          break;
        }
        const columnWidth = (width - COLUMN_GAP) / 2;
        const half = Math.ceil(block.rows.length / 2);
        const top = doc.y;
        facts(block.rows.slice(0, half), { x: left, width: columnWidth });
        const lowest = doc.y;
        doc.y = top;
        facts(block.rows.slice(half), { x: left + columnWidth + COLUMN_GAP, width: columnWidth });
        doc.y = Math.max(lowest, doc.y);
        break;
      }
      case 'table': {
        const columns = block.columns.map((column) => ({ width: column.width ?? '*', align: column.align ?? 'left' }));
        const cells = (row: string[], bold: boolean): TaggedCell[] =>
          row.map((value) => (bold ? { text: value, font: { src: 'bold' } } : { text: value }));
        table(columns, [
          block.columns.map((column) =>
            header(column.header, 'Column', {
              backgroundColor: SHADE_COLOUR,
              border: { top: 0, right: 0, bottom: 0.9, left: 0 },
            }),
          ),
          ...block.rows.map((row) => cells(row, false)),
          ...(block.totals ?? []).map((row) => cells(row, true)),
        ]);
        break;
      }
      case 'payment': {
        const qrSpace = block.qr === null ? 0 : QR_WIDTH + COLUMN_GAP;
        keepTogether(40 + Math.max(block.facts.length * 19, block.qr === null ? 0 : QR_WIDTH + QR_CAPTION));
        headingBlock(block.heading);
        const top = doc.y + 2;
        doc.y = top;
        facts(block.facts, { x: left, width: width - qrSpace });
        const below = doc.y;
        if (block.qr !== null) {
          const qr = block.qr;
          const x = left + width - QR_WIDTH;
          // The path's own quiet zone keeps the code clear of the frame.
          const scale = QR_WIDTH / qr.size;
          const figureOptions: FigureOptions = { alt: qr.alt, bbox: [x, top, x + QR_WIDTH, top + QR_WIDTH] };
          const figure = doc.struct('Figure', figureOptions, () => {
            doc.save();
            doc.translate(x, top).scale(scale);
            doc.path(qr.path).fillColor('#000000').fill();
            doc.restore();
          });
          document.add(figure);
          // The frame around code and label, and the „QR platba" label, of the banks' graphic manual.
          artifact(() => {
            doc
              .rect(x, top, QR_WIDTH, QR_WIDTH + QR_CAPTION)
              .lineWidth(1.5)
              .strokeColor('#000000')
              .stroke();
          });
          document.add(
            doc.struct(
              'P',
              {},
              text(qr.caption, 'bold', SIZES.body, { x, y: top + QR_WIDTH - 4, width: QR_WIDTH, align: 'center' }),
            ),
          );
          doc.y = Math.max(below, top + QR_WIDTH + QR_CAPTION + 6);
        }
        doc.x = left;
        break;
      }
      case 'gap':
        doc.moveDown();
        break;
    }
  }
  document.end();
  doc.end();
  return finished;
}
