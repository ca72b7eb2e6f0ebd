import type { components } from './upstream.gen.js';

/**
 * The billing parties of a sample statement (upstream.yaml `BillingSupplier`, `BillingParty`;
 * bff.yaml has the same shapes), for the tests of every package that reads or writes one: the
 * API's statement document, the web app's billing pages, this package's schema tests.
 */

/** The building operator as a statement's supplier: a VAT payer with its registration line. */
export const SAMPLE_SUPPLIER = {
  name: 'Správa budov Praha, a.s.',
  street: 'Rohanské nábřeží 678/29',
  city: 'Praha 8',
  postal_code: '186 00',
  ico: '27468135',
  dic: 'CZ27468135',
  registration: 'Zapsaná v obchodním rejstříku vedeném Městským soudem v Praze, oddíl B, vložka 21357.',
  vat_payer: true,
} satisfies components['schemas']['BillingSupplier'];

/** A tenant as a statement's customer, with its full address and both tax numbers. */
export const SAMPLE_CUSTOMER = {
  name: 'Alfa s.r.o.',
  street: 'Na Florenci 2116/15',
  city: 'Praha 1',
  postal_code: '110 00',
  ico: '28901541',
  dic: 'CZ28901541',
} satisfies components['schemas']['BillingParty'];
