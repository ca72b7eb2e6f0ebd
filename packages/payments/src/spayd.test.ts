import { describe, expect, it } from 'vitest';
import { buildSpaydString, spaydMessage, SpaydError, type SpaydPayment } from './spayd.js';

const PAYMENT: SpaydPayment = {
  iban: 'CZ6220100000002001234588',
  amount: '1234.50',
  variableSymbol: '2026000103',
  date: '2026-12-15',
  message: 'Vyúčtování 2026000103',
};

describe('buildSpaydString', () => {
  it('writes the keys in the CBA format: header, ACC, AM, CC, X-VS, DT, MSG', () => {
    expect(buildSpaydString(PAYMENT)).toBe(
      'SPD*1.0*ACC:CZ6220100000002001234588*AM:1234.50*CC:CZK*X-VS:2026000103*DT:20261215*MSG:VYUCTOVANI 2026000103',
    );
  });

  it('reproduces the QR Platba specification example (keys in our order)', () => {
    expect(
      buildSpaydString({
        iban: 'CZ5855000000001265098001',
        amount: '480.50',
        message: 'Platba za elektrinu',
        variableSymbol: '1234567890',
      }),
    ).toBe('SPD*1.0*ACC:CZ5855000000001265098001*AM:480.50*CC:CZK*X-VS:1234567890*MSG:PLATBA ZA ELEKTRINU');
  });

  it('leaves optional keys out and adds the BIC and the constant symbol when given', () => {
    expect(buildSpaydString({ iban: 'CZ65 0800 0000 1920 0014 5399', amount: '50' })).toBe(
      'SPD*1.0*ACC:CZ6508000000192000145399*AM:50.00*CC:CZK',
    );
    expect(buildSpaydString({ ...PAYMENT, bic: 'fioBczpp', constantSymbol: '0308', message: null })).toBe(
      'SPD*1.0*ACC:CZ6220100000002001234588+FIOBCZPP*AM:1234.50*CC:CZK*X-VS:2026000103*X-KS:0308*DT:20261215',
    );
  });

  it('writes amounts with a dot and exactly two decimals, never through a float', () => {
    const amount = (value: string) => /AM:([^*]+)/.exec(buildSpaydString({ ...PAYMENT, amount: value }))?.[1];
    expect(amount('7.5')).toBe('7.50');
    expect(amount('0.01')).toBe('0.01');
    expect(amount('0045000.00')).toBe('45000.00');
    expect(amount('9999999.99')).toBe('9999999.99');
    expect(amount(' 1234.50 ')).toBe('1234.50');
  });

  it.each([
    ['an amount with a comma', { amount: '1234,50' }],
    ['three decimals', { amount: '1.005' }],
    ['zero', { amount: '0.00' }],
    ['a negative amount', { amount: '-5.00' }],
    ['an amount longer than AM allows', { amount: '10000000.00' }],
    ['an IBAN with wrong check digits', { iban: 'CZ6520100000002001234567' }],
    ['a domestic account instead of an IBAN', { iban: '2001234588/2010' }],
    ['a variable symbol with letters', { variableSymbol: '2026-01' }],
    ['a variable symbol of 11 digits', { variableSymbol: '12345678901' }],
    ['a date that does not exist', { date: '2026-02-30' }],
    ['a date in another format', { date: '15. 12. 2026' }],
    ['a malformed BIC', { bic: 'FIO' }],
  ])('refuses %s', (_name, override) => {
    expect(() => buildSpaydString({ ...PAYMENT, ...override })).toThrow(SpaydError);
  });

  it('never lets a value break the format: no * inside values, only QR alphanumeric characters', () => {
    const spayd = buildSpaydString({
      ...PAYMENT,
      message: 'Nájem * kancelář 3.02 – „Alfa" s.r.o. (listopad) 100% ;-)',
    });
    expect(spayd.split('*')).toHaveLength(8);
    expect(spayd).toMatch(/^[0-9A-Z $%*+\-./:]+$/);
    expect(spayd.endsWith('*MSG:NAJEM KANCELAR 3.02 - ALFA S.R.O. LISTOPAD 100 -')).toBe(true);
  });
});

describe('spaydMessage', () => {
  it('strips diacritics and upper-cases', () => {
    expect(spaydMessage('Příliš žluťoučký kůň úpěl ďábelské ódy')).toBe('PRILIS ZLUTOUCKY KUN UPEL DABELSKE ODY');
  });

  it('is at most 60 characters without a trailing space', () => {
    const message = spaydMessage(`${'a'.repeat(59)} b c`);
    expect(message.length).toBeLessThanOrEqual(60);
    expect(message).toBe('A'.repeat(59));
  });

  it('is empty for text with nothing printable', () => {
    expect(spaydMessage(' ** ')).toBe('');
    expect(buildSpaydString({ ...PAYMENT, message: '***' })).not.toContain('MSG');
  });
});
