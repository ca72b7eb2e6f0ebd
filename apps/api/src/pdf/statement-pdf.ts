/**
 * A small, valid PDF 1.4 for a billing statement without any PDF library: one A4 page, text in
 * the standard Helvetica font. The standard fonts cover only WinAnsi, which lacks Czech letters
 * such as č and ř, so text is written without diacritics ("Vyuctovani"); an operator who needs
 * the exact document imports its own PDF (portal-admin import-statement --pdf).
 */

export interface PdfLine {
  text: string;
  size?: number;
  bold?: boolean;
}

export function renderPdf(lines: PdfLine[]): Buffer {
  let y = 800;
  const content: string[] = [];
  for (const line of lines) {
    const size = line.size ?? 11;
    y -= size + 6;
    content.push(`BT /${line.bold === true ? 'F2' : 'F1'} ${size} Tf 50 ${y} Td (${escape(ascii(line.text))}) Tj ET`);
  }
  const stream = content.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

function ascii(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[–—]/g, '-')
    .replace(/\u00a0/g, ' ')
    .replace(/[^\x20-\x7e]/g, '?');
}

function escape(text: string): string {
  return text.replace(/[\\()]/g, (c) => `\\${c}`);
}
