import { czechAccountToIban, isValidIban } from './czech-account.js';
import { buildSpaydString, SpaydError } from './spayd.js';

/** What a statement says about paying it, in the contract's shape (`BillingStatement`). */
export interface PayableStatement {
  number: string;
  iban: string;
  bank_account: string;
  /** What is left to pay (`Money`). */
  amount_due: string;
  variable_symbol: string;
  constant_symbol: string | null;
  /** `YYYY-MM-DD`. */
  due_date: string;
}

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
 * Payment details of an unpaid statement and its QR Platba payload, the same on the page and in
 * the generated PDF. The IBAN from the API is used when its check digits hold; otherwise the
 * domestic account is converted, so a typo in one of the two never sends money to a wrong
 * account by QR. `today` is the Prague day (`YYYY-MM-DD`) the code is made on.
 */
export function statementPayment(statement: PayableStatement, today: string): StatementPayment {
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
      date: statement.due_date >= today ? statement.due_date : null,
      message: `Vyúčtování ${statement.number}`,
    });
    return { ...payment, spayd };
  } catch (error) {
    if (error instanceof SpaydError) return { ...payment, spayd: null };
    throw error;
  }
}
