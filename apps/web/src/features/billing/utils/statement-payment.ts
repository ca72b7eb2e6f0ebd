import { pragueDay } from '#src/lib/prague-time.ts';
import type { Statement } from '../api/billing-queries.ts';
import { czechAccountToIban, isValidIban } from './czech-account.ts';
import { buildSpaydString, SpaydError } from './spayd.ts';

export interface StatementPayment {
  /** The IBAN the QR code pays to; null when neither the IBAN nor the account is valid. */
  iban: string | null;
  account: string;
  /** What is left to pay (`Money`). */
  amount: string;
  variableSymbol: string;
  constantSymbol: string | null;
  dueDate: string;
  /** The QR Platba payload, or null when the statement's bank details cannot make one. */
  spayd: string | null;
}

/**
 * Payment details of an unpaid statement and its QR Platba payload. The IBAN from the API is
 * used when its check digits hold; otherwise the domestic account is converted, so a typo in
 * one of the two never sends money to a wrong account by QR.
 */
export function statementPayment(statement: Statement, now: Date = new Date()): StatementPayment {
  const iban = isValidIban(statement.iban)
    ? statement.iban.replace(/\s/g, '')
    : czechAccountToIban(statement.bank_account);
  const payment = {
    iban,
    account: statement.bank_account,
    amount: statement.amount_due,
    variableSymbol: statement.variable_symbol,
    constantSymbol: statement.constant_symbol,
    dueDate: statement.due_date,
  };
  if (iban === null) return { ...payment, spayd: null };
  try {
    const spayd = buildSpaydString({
      iban,
      amount: statement.amount_due,
      variableSymbol: statement.variable_symbol,
      constantSymbol: statement.constant_symbol,
      // Banks read DT as the day to execute the payment: a due date already past would be
      // refused or pre-filled into the past, so an overdue statement is paid at once instead.
      date: statement.due_date >= pragueDay(now) ? statement.due_date : null,
      message: `Vyúčtování ${statement.number}`,
    });
    return { ...payment, spayd };
  } catch (error) {
    if (error instanceof SpaydError) return { ...payment, spayd: null };
    throw error;
  }
}
