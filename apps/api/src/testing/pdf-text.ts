import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Test helpers for generated PDFs: the text as a reader would copy it – extracted by PDF.js,
 * the reader of Firefox, which maps the embedded font's glyphs back to Unicode through its
 * ToUnicode map – and what the file declares about itself in its dictionaries.
 */

/**
 * Each page's text, a line of the page per line. PDF.js copies a no-break space (Czech digit
 * groups, "49 875,00 Kč") as a plain space, as Firefox does when a reader copies the text.
 */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: string[] }> {
  const loading = getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  try {
    const pdf = await loading.promise;
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const { items } = await (await pdf.getPage(number)).getTextContent();
      let text = '';
      for (const item of items) {
        if (!('str' in item)) continue;
        text += item.str;
        if (item.hasEOL) text += '\n';
      }
      pages.push(text.trimEnd());
    }
    return { pages };
  } finally {
    await loading.destroy();
  }
}

/**
 * The file's source outside its compressed streams (dictionaries, the XMP metadata), for
 * assertions on what a PDF declares: its fonts, tagging, language, conformance.
 */
export function pdfSource(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('latin1');
}

interface StructNode {
  role?: string;
  type?: string;
  alt?: string;
  children?: StructNode[];
}

/**
 * The first page's structure tree as assistive technology gets it (PDF.js reads it the way
 * Firefox's reader does), written compactly: `Document(H1,P,Table(TR(TH,TD)))`; a figure's
 * alternative text follows its role in brackets: `Figure[QR kód …]`.
 */
export async function pdfStructure(bytes: Uint8Array): Promise<string> {
  const loading = getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  try {
    const pdf = await loading.promise;
    const tree = (await (await pdf.getPage(1)).getStructTree()) as StructNode | null;
    const write = (node: StructNode): string => {
      const children = (node.children ?? []).filter((child) => child.type !== 'content').map(write);
      const alt = node.alt === undefined ? '' : `[${node.alt}]`;
      return `${node.role ?? ''}${alt}${children.length === 0 ? '' : `(${children.join(',')})`}`;
    };
    return tree === null ? '' : (tree.children ?? []).map(write).join(',');
  } finally {
    await loading.destroy();
  }
}
