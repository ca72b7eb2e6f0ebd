import { describe, expect, it } from 'vitest';
import { pdfSource, pdfStructure, pdfText } from '../testing/pdf-text.js';
import { renderPdf, type PdfBlock } from './statement-pdf.js';

const TITLE = 'Vyúčtování č. 2026000301';
const NBSP = '\u00a0';

/** A small QR-like path (module units): two squares in a 10-module field. */
const QR = { path: 'M2 2h3v3h-3zM6 6h2v2h-2z', size: 10, alt: 'QR kód pro platbu 100,00 Kč', caption: 'QR platba' };

const BLOCKS: PdfBlock[] = [
  { type: 'title', text: TITLE, subtitle: 'Daňový doklad' },
  {
    type: 'parties',
    parties: [
      { heading: 'Dodavatel', lines: ['Správa budov Praha, a.s.', 'Rohanské nábřeží 678/29'], note: 'Zapsaná v OR.' },
      { heading: 'Odběratel', lines: ['Alfa s.r.o.', `IČO: 28901541`] },
    ],
  },
  {
    type: 'facts',
    split: true,
    rows: [
      ['Číslo dokladu', '2026000301'],
      ['Datum vystavení', `1.${NBSP}12.${NBSP}2026`],
    ],
  },
  { type: 'heading', text: 'Položky' },
  {
    type: 'table',
    columns: [
      { header: 'Položka' },
      { header: 'Množství', align: 'right', width: 90 },
      { header: 'Částka', align: 'right', width: 100 },
    ],
    rows: [
      ['Příliš žluťoučký kůň úpěl ďábelské ódy – ŘŠČŽÝÁÍÉŮÚŤĎŇ', `1${NBSP}měsíc`, `45${NBSP}000,00${NBSP}Kč`],
      ['Elektřina', `790,25${NBSP}kWh`, `4${NBSP}741,50${NBSP}Kč`],
    ],
    totals: [['Celkem', '', `49${NBSP}741,50${NBSP}Kč`]],
  },
  { type: 'paragraph', text: `Celkem k úhradě: 49${NBSP}741,50${NBSP}Kč`, bold: true, size: 'large' },
  { type: 'payment', heading: 'Platební údaje', facts: [['Variabilní symbol', '2026000301']], qr: QR },
];

const statement = () => renderPdf(BLOCKS, { title: TITLE });

describe('statement PDF', () => {
  it('keeps Czech diacritics and reads in order: embedded DejaVu Sans subsets the text is copied out of', async () => {
    const pdf = await statement();
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    const { pages } = await pdfText(pdf);
    // The no-break spaces come out as spaces (see pdfText); the party blocks side by side come
    // out one after the other, line by line.
    expect(pages).toEqual([
      [
        TITLE,
        'Daňový doklad',
        'Dodavatel',
        'Správa budov Praha, a.s.',
        'Rohanské nábřeží 678/29',
        'Zapsaná v OR.',
        'Odběratel',
        'Alfa s.r.o.',
        'IČO: 28901541',
        // Two fact tables side by side share a line on the page (the structure keeps them apart).
        'Číslo dokladu 2026000301 Datum vystavení 1. 12. 2026',
        'Položky',
        'Položka Množství Částka',
        'Příliš žluťoučký kůň úpěl ďábelské ódy – ŘŠČŽÝÁÍÉŮÚŤĎŇ 1 měsíc 45 000,00 Kč',
        'Elektřina 790,25 kWh 4 741,50 Kč',
        'Celkem 49 741,50 Kč',
        'Celkem k úhradě: 49 741,50 Kč',
        'Platební údaje',
        'Variabilní symbol 2026000301',
        'QR platba',
      ].join('\n'),
    ]);
    const source = pdfSource(pdf);
    // Subsets are named "ABCDEF+DejaVuSans"; both are embedded, none is a standard font.
    const fonts = [...source.matchAll(/\/BaseFont \/[A-Z]{6}\+([\w-]+)/g)].map((match) => match[1]);
    expect([...new Set(fonts)].sort()).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
    expect(source.match(/\/FontFile2 /g)).toHaveLength(new Set(fonts).size);
    expect(source).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/);
    // A subset keeps the file small.
    expect(pdf.length).toBeLessThan(70_000);
  });

  it('is a tagged PDF that declares PDF/UA, in Czech, with its title shown', async () => {
    const source = pdfSource(await statement());
    expect(source).toMatch(/\/MarkInfo \d+ 0 R/);
    expect(source).toMatch(/\/Marked true/);
    expect(source).toMatch(/\/StructTreeRoot \d+ 0 R/);
    expect(source).toMatch(/<pdfuaid:part>1<\/pdfuaid:part>/);
    expect(source).toMatch(/\/Lang \(cs-CZ\)/);
    expect(source).toMatch(/\/DisplayDocTitle true/);
  });

  it('tags the document’s structure: headings, party sections, tables with header scopes, a figure with its text', async () => {
    const pdf = await statement();
    const facts = 'Table(TR(TH,TD))';
    expect(await pdfStructure(pdf)).toBe(
      [
        'Document(H1',
        'P',
        'Sect(H2,P,P,P)',
        'Sect(H2,P,P)',
        facts,
        facts,
        'H2',
        'Table(TR(TH,TH,TH),TR(TD,TD,TD),TR(TD,TD,TD),TR(TD,TD,TD))',
        'P',
        'H2',
        facts,
        `Figure[${QR.alt}]`,
        'P)',
      ].join(','),
    );
    const source = pdfSource(pdf);
    // Column headers of the items, row headers of the facts; data cells name their headers.
    expect(source).toMatch(/\/Scope \/Column/);
    expect(source).toMatch(/\/Scope \/Row/);
    expect(source).toMatch(/\/Headers \[/);
    // The figure has its bounding box; rules and the QR frame are artifacts, outside the tree.
    expect(source).toMatch(/\/S \/Figure[\s\S]*?\/BBox \[/);
  });

  it('continues a long table on the next page, its rows whole', async () => {
    const rows = Array.from({ length: 90 }, (_, index) => [`Položka ${index + 1}`, `${index + 1},00${NBSP}Kč`]);
    const pdf = await renderPdf(
      [
        { type: 'title', text: 'Dlouhý doklad' },
        { type: 'table', columns: [{ header: 'Položka' }, { header: 'Částka', align: 'right', width: 100 }], rows },
      ],
      { title: 'Dlouhý doklad' },
    );
    const { pages } = await pdfText(pdf);
    expect(pages.length).toBeGreaterThan(1);
    const lines = pages.join('\n').split('\n');
    for (const [label, amount] of rows) expect(lines).toContain(`${label} ${amount?.replace(NBSP, ' ')}`);
  });
});
