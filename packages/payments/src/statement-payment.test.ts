import { describe, expect, it } from 'vitest';
import { statementPayment, type PayableStatement } from './statement-payment.js';

const statement = (overrides: Partial<PayableStatement> = {}): PayableStatement => ({
  number: '2026000103',
  due_date: '2026-11-15',
  amount_due: '48200.50',
  variable_symbol: '2026000103',
  constant_symbol: '0308',
  bank_account: '2001234588/2010',
  iban: 'CZ6220100000002001234588',
  ...overrides,
});

const BEFORE_DUE = '2026-11-10';
const ON_DUE = '2026-11-15';
const AFTER_DUE = '2026-11-16';

describe('statementPayment', () => {
  it('pays what is left by the due date, with the symbols and the number as message', () => {
    expect(statementPayment(statement(), BEFORE_DUE)).toEqual({
      iban: 'CZ6220100000002001234588',
      account: '2001234588/2010',
      amount: '48200.50',
      variableSymbol: '2026000103',
      constantSymbol: '0308',
      dueDate: '2026-11-15',
      spayd:
        'SPD*1.0*ACC:CZ6220100000002001234588*AM:48200.50*CC:CZK*X-VS:2026000103*X-KS:0308*DT:20261115*MSG:VYUCTOVANI 2026000103',
    });
  });

  it('a partly paid statement asks for the rest only', () => {
    const { spayd } = statementPayment(statement({ amount_due: '3200.50' }), BEFORE_DUE);
    expect(spayd).toContain('*AM:3200.50*');
  });

  it('keeps the due date as execution date on the due day itself', () => {
    expect(statementPayment(statement(), ON_DUE).spayd).toContain('*DT:20261115*');
  });

  it('an overdue statement has no execution date (pay now)', () => {
    const { spayd, dueDate } = statementPayment(statement(), AFTER_DUE);
    expect(spayd).not.toContain('DT:');
    expect(dueDate).toBe('2026-11-15');
  });

  it('falls back to the domestic account when the IBAN check digits are wrong', () => {
    const { iban, spayd } = statementPayment(statement({ iban: 'CZ6520100000002001234588' }), BEFORE_DUE);
    expect(iban).toBe('CZ6220100000002001234588');
    expect(spayd).toContain('ACC:CZ6220100000002001234588*');
  });

  it('makes no QR code when neither the IBAN nor the account is valid', () => {
    const payment = statementPayment(
      statement({ iban: 'CZ6520100000002001234567', bank_account: '2001234567/2010' }),
      BEFORE_DUE,
    );
    expect(payment.iban).toBeNull();
    expect(payment.spayd).toBeNull();
  });
});
