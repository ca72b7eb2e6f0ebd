import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
  type PDFObject,
} from 'pdf-lib';

/**
 * Test helper: the text of a PDF as a reader would copy it, recovered the way a PDF viewer
 * does – glyph ids in the page content mapped back to Unicode through each font's
 * ToUnicode CMap. Handles what pdf-lib writes (hex strings shown with Tj, CMaps with bfchar
 * and bfrange entries); not a general PDF text extractor.
 */
export interface PdfFontInfo {
  baseFont: string;
  /** Whether the font program itself is embedded (FontFile2 for TrueType). */
  embedded: boolean;
}

export async function pdfText(bytes: Uint8Array): Promise<{ pages: string[]; fonts: PdfFontInfo[] }> {
  const doc = await PDFDocument.load(bytes);
  const fonts: PdfFontInfo[] = [];
  const pages: string[] = [];
  for (const page of doc.getPages()) {
    const resources = page.node.Resources();
    const fontDict = resources?.lookup(PDFName.of('Font'), PDFDict);
    const cmaps = new Map<string, Map<number, string>>();
    for (const [name, ref] of fontDict?.entries() ?? []) {
      const font = doc.context.lookup(ref, PDFDict);
      const baseFont = font.get(PDFName.of('BaseFont'))?.toString() ?? '';
      const descendants = font.lookupMaybe(PDFName.of('DescendantFonts'), PDFArray);
      const descendant = descendants === undefined ? font : descendants.lookup(0, PDFDict);
      const descriptor = descendant.lookupMaybe(PDFName.of('FontDescriptor'), PDFDict);
      fonts.push({ baseFont, embedded: descriptor?.has(PDFName.of('FontFile2')) === true });
      const toUnicodeRef = font.get(PDFName.of('ToUnicode'));
      const toUnicode = toUnicodeRef === undefined ? undefined : doc.context.lookup(toUnicodeRef);
      if (toUnicode instanceof PDFRawStream) cmaps.set(name.toString(), parseCMap(decode(toUnicode)));
    }
    const contents = page.node.get(PDFName.of('Contents'));
    const streams = collectStreams(doc, contents);
    const text: string[] = [];
    let current: Map<number, string> | undefined;
    for (const stream of streams) {
      const source = decode(stream);
      const ops = /(\/[^\s/<>[\]()]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g;
      for (const match of source.matchAll(ops)) {
        if (match[1] !== undefined) current = cmaps.get(match[1]);
        else if (match[2] !== undefined) {
          const hex = match[2];
          let line = '';
          for (let i = 0; i + 4 <= hex.length; i += 4)
            line += current?.get(Number.parseInt(hex.slice(i, i + 4), 16)) ?? '\uFFFD';
          text.push(line);
        }
      }
    }
    pages.push(text.join('\n'));
  }
  return { pages, fonts };
}

function collectStreams(doc: PDFDocument, object: PDFObject | undefined): PDFRawStream[] {
  const resolved = object instanceof PDFRef ? doc.context.lookup(object) : object;
  if (resolved instanceof PDFRawStream) return [resolved];
  if (resolved instanceof PDFArray) return resolved.asArray().flatMap((item) => collectStreams(doc, item));
  return [];
}

function decode(stream: PDFRawStream): string {
  return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
}

/** bfchar `<src> <dst>` and bfrange `<lo> <hi> <dst>` entries; dst is UTF-16BE hex. */
function parseCMap(source: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
  for (const block of source.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const entry of (block[1] ?? '').matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      map.set(Number.parseInt(entry[1] ?? '', 16), utf16(entry[2] ?? ''));
    }
  }
  for (const block of source.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const entry of (block[1] ?? '').matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const low = Number.parseInt(entry[1] ?? '', 16);
      const high = Number.parseInt(entry[2] ?? '', 16);
      const start = Number.parseInt(entry[3] ?? '', 16);
      for (let code = low; code <= high; code += 1) map.set(code, String.fromCodePoint(start + code - low));
    }
  }
  return map;
}
