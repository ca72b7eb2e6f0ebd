import { describe, expect, it } from 'vitest';
import { pdfText } from '../testing/pdf-text.js';
import { renderPdf } from './statement-pdf.js';

describe('statement PDF', () => {
  it('keeps Czech diacritics: an embedded DejaVu Sans subset with a ToUnicode map', async () => {
    const pdf = await renderPdf(
      [
        { text: 'Vyúčtování č. 2026000301', size: 18, bold: true },
        { text: 'Příliš žluťoučký kůň úpěl ďábelské ódy – ŘŠČŽÝÁÍÉŮÚŤĎŇ' },
        { text: 'K úhradě: 49\u00a0875,00\u00a0Kč' },
      ],
      { title: 'Vyúčtování č. 2026000301' },
    );
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { pages, fonts } = await pdfText(pdf);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toBe(
      'Vyúčtování č. 2026000301\nPříliš žluťoučký kůň úpěl ďábelské ódy – ŘŠČŽÝÁÍÉŮÚŤĎŇ\nK úhradě: 49\u00a0875,00\u00a0Kč',
    );
    // pdf-lib names subsets "DejaVuSans-1234"; both are embedded, none is a standard font.
    const names = new Set(fonts.map((font) => font.baseFont.replace(/-\d+$/, '')));
    expect([...names].sort()).toEqual(['/DejaVuSans', '/DejaVuSans-Bold']);
    expect(fonts.every((font) => font.embedded)).toBe(true);
    // A subset keeps the file small.
    expect(pdf.length).toBeLessThan(60_000);
  });

  it('wraps long lines and continues on a new page', async () => {
    const long = Array.from({ length: 40 }, (_, i) => `položka${i}`).join(' ');
    const pdf = await renderPdf(Array.from({ length: 60 }, () => ({ text: long })));
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
