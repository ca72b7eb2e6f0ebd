import { describe, expect, it } from 'vitest';
import { pdfSource, pdfText } from '../testing/pdf-text.js';
import { renderPdf } from './statement-pdf.js';

const TITLE = 'Vyúčtování č. 2026000301';

async function statement() {
  return renderPdf(
    [
      { type: 'heading', text: TITLE },
      { type: 'paragraph', text: 'Příliš žluťoučký kůň úpěl ďábelské ódy – ŘŠČŽÝÁÍÉŮÚŤĎŇ' },
      {
        type: 'list',
        items: ['Nájemné kanceláře (1 měsíc): 45\u00a0000,00\u00a0Kč', 'Elektřina (812.5 kWh): 4\u00a0875,00\u00a0Kč'],
      },
      { type: 'paragraph', text: 'K úhradě: 49\u00a0875,00\u00a0Kč', bold: true },
    ],
    { title: TITLE },
  );
}

describe('statement PDF', () => {
  it('keeps Czech diacritics: embedded DejaVu Sans subsets the text is copied out of', async () => {
    const pdf = await statement();
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    const { pages } = await pdfText(pdf);
    // The no-break spaces come out as spaces (see pdfText).
    expect(pages).toEqual([
      [
        TITLE,
        'Příliš žluťoučký kůň úpěl ďábelské ódy – ŘŠČŽÝÁÍÉŮÚŤĎŇ',
        'Nájemné kanceláře (1 měsíc): 45 000,00 Kč',
        'Elektřina (812.5 kWh): 4 875,00 Kč',
        'K úhradě: 49 875,00 Kč',
      ].join('\n'),
    ]);
    const source = pdfSource(pdf);
    // Subsets are named "ABCDEF+DejaVuSans"; both are embedded, none is a standard font.
    const fonts = [...source.matchAll(/\/BaseFont \/[A-Z]{6}\+([\w-]+)/g)].map((match) => match[1]);
    expect([...new Set(fonts)].sort()).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
    expect(source.match(/\/FontFile2 /g)).toHaveLength(new Set(fonts).size);
    expect(source).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/);
    // A subset keeps the file small.
    expect(pdf.length).toBeLessThan(60_000);
  });

  it('is a tagged PDF that declares PDF/UA, in Czech, with its title shown', async () => {
    const source = pdfSource(await statement());
    expect(source).toMatch(/\/MarkInfo \d+ 0 R/);
    expect(source).toMatch(/\/Marked true/);
    expect(source).toMatch(/\/StructTreeRoot \d+ 0 R/);
    expect(source).toMatch(/<pdfuaid:part>1<\/pdfuaid:part>/);
    expect(source).toMatch(/\/Lang \(cs-CZ\)/);
    expect(source).toMatch(/\/DisplayDocTitle true/);
    // The structure: a document with a heading, paragraphs and a list of items.
    for (const role of ['Document', 'H1', 'P', 'L', 'LI', 'LBody']) {
      expect(source, role).toMatch(new RegExp(`/S /${role}\\b`));
    }
  });

  it('wraps long lines and continues on a new page', async () => {
    const long = Array.from({ length: 40 }, (_, i) => `položka${i}`).join(' ');
    const pdf = await renderPdf(
      Array.from({ length: 60 }, () => ({ type: 'paragraph' as const, text: long })),
      { title: 'Dlouhý dokument' },
    );
    const { pages } = await pdfText(pdf);
    expect(pages.length).toBeGreaterThan(1);
    expect(
      pages
        .join('\n')
        .split('\n')
        .every((line) => line.length < 120),
    ).toBe(true);
  });
});
