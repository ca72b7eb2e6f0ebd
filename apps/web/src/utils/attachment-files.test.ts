import { describe, expect, it } from 'vitest';
import { checkFiles, MAX_FILE_BYTES } from './attachment-files.ts';

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);

describe('checkFiles', () => {
  it('accepts images, PDF, text and office documents whatever the case of the extension', () => {
    expect(checkFiles([file('foto.JPG'), file('zápis.pdf'), file('tabulka.xlsx'), file('poznámka.txt')])).toBeNull();
  });

  it('names the file of a type the server refuses', () => {
    expect(checkFiles([file('foto.jpg'), file('program.exe')])).toEqual({
      kind: 'unsupportedType',
      name: 'program.exe',
    });
    expect(checkFiles([file('obrázek.svg')])).toEqual({ kind: 'unsupportedType', name: 'obrázek.svg' });
    expect(checkFiles([file('bez-pripony')])).toEqual({ kind: 'unsupportedType', name: 'bez-pripony' });
    expect(checkFiles([file('.pdf')])).toEqual({ kind: 'unsupportedType', name: '.pdf' });
  });

  it('names an empty file and a file over 10 MB', () => {
    expect(checkFiles([file('prazdny.pdf', 0)])).toEqual({ kind: 'empty', name: 'prazdny.pdf' });
    expect(checkFiles([file('velky.pdf', MAX_FILE_BYTES + 1)])).toEqual({ kind: 'tooLarge', name: 'velky.pdf' });
    expect(checkFiles([file('presne.pdf', MAX_FILE_BYTES)])).toBeNull();
  });

  it('refuses more than 10 files', () => {
    const files = Array.from({ length: 11 }, (_, index) => file(`foto-${index}.jpg`));
    expect(checkFiles(files)).toEqual({ kind: 'tooMany', count: 11 });
    expect(checkFiles(files.slice(1))).toBeNull();
  });
});
