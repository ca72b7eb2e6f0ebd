import { DEMO_TENANTS } from '../demo/demo-data.js';

/**
 * The `portal-admin import-statement` arguments of a one-item statement for tenant Alfa in
 * January 2099 (far from the demo statements), with its PDF: `number` doubles as the variable
 * symbol.
 */
export function statementImportArgs(number: string, pdfPath: string): string[] {
  return [
    'import-statement',
    '--tenant',
    DEMO_TENANTS.alfa.id,
    '--number',
    number,
    '--period-from',
    '2099-01-01',
    '--period-to',
    '2099-01-31',
    '--issued',
    '2099-02-01',
    '--due',
    '2099-02-15',
    '--bank-account',
    '19-2000145399/0800',
    '--iban',
    'CZ6508000000192000145399',
    '--variable-symbol',
    number,
    '--item',
    'Nájemné;1;měsíc;100.00',
    '--pdf',
    pdfPath,
  ];
}
