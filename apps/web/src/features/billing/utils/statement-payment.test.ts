import { describe, expect, it } from 'vitest';
import type { Statement } from '../api/billing-queries.ts';
import { statementPayment } from './statement-payment.ts';

const statement = (overrides: Partial<Statement> = {}): Statement => ({
  id: 3,
  number: '2026000103',
  period_from: '2026-10-01',
  period_to: '2026-10-31',
  issued_on: '2026-11-01',
  due_date: '2026-11-15',
  currency: 'CZK',
  total_amount: '48200.50',
  paid_amount: '0.00',
  amount_due: '48200.50',
  paid: false,
  paid_on: null,
  variable_symbol: '2026000103',
  constant_symbol: '0308',
  bank_account: '2001234588/2010',
  iban: 'CZ6220100000002001234588',
  building: { id: 1, name: 'Kancelářský dům Florenc' },
  pdf_url: '/api/v1/billing_statements/3/pdf/',
  ...overrides,
});

const BEFORE_DUE = new Date('2026-11-10T10:00:00Z');
const AFTER_DUE = new Date('2026-11-20T10:00:00Z');

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
    const { spayd } = statementPayment(statement({ paid_amount: '45000.00', amount_due: '3200.50' }), BEFORE_DUE);
    expect(spayd).toContain('*AM:3200.50*');
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
