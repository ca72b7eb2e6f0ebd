import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { billingSupplier, tenants, type StatementParty, type StatementSupplier } from '../db/schema.js';
import { BLANK_FIELD_MESSAGE, fieldErrors } from './errors.js';

/**
 * The parties of a billing statement: the operator as supplier (one row, `portal-admin
 * set-supplier`) and the tenant as customer (its billing details, `portal-admin
 * set-tenant-billing`). A statement copies both when it is imported (domain/billing.ts), so a
 * document already issued does not change when either moves.
 */

/** IČO: eight digits, the last a check digit – weights 8…2, `(11 − sum mod 11) mod 10`. */
export function isValidIco(ico: string): boolean {
  if (!/^\d{8}$/.test(ico)) return false;
  const sum = [...ico.slice(0, 7)].reduce((total, digit, index) => total + Number(digit) * (8 - index), 0);
  return (11 - (sum % 11)) % 10 === Number(ico[7]);
}

/** DIČ of a Czech payer: `CZ` and 8 (a company: its IČO), 9 or 10 digits (a person). */
export const isValidDic = (dic: string) => /^CZ\d{8,10}$/.test(dic);

/** PSČ as printed: `11000` or `110 00` → `110 00`; null when it is none. */
export function postalCodeOf(value: string): string | null {
  const match = /^(\d{3})\s?(\d{2})$/.exec(value.trim());
  return match === null ? null : `${match[1]} ${match[2]}`;
}

export interface PartyInput {
  name: string;
  street: string | null;
  city: string | null;
  postalCode: string | null;
  ico: string | null;
  dic: string | null;
}

/** Checks and normalises a party; Czech field errors (snake_case, as the API answers them). */
function checkedParty(input: PartyInput, { addressRequired }: { addressRequired: boolean }) {
  const errors: Record<string, string[]> = {};
  const text = (value: string | null) => (value === null || value.trim() === '' ? null : value.trim());
  const party = {
    name: text(input.name) ?? '',
    street: text(input.street),
    city: text(input.city),
    postalCode: text(input.postalCode),
    ico: text(input.ico)?.replace(/\s/g, '') ?? null,
    dic: text(input.dic)?.replace(/\s/g, '').toUpperCase() ?? null,
  };
  if (party.name === '') errors['name'] = [BLANK_FIELD_MESSAGE];
  for (const [field, value] of [
    ['street', party.street],
    ['city', party.city],
    ['postal_code', party.postalCode],
  ] as const) {
    if (value === null && addressRequired) errors[field] = [BLANK_FIELD_MESSAGE];
  }
  if (party.postalCode !== null) {
    const postalCode = postalCodeOf(party.postalCode);
    if (postalCode === null) errors['postal_code'] = ['PSČ má pět číslic, například 110 00.'];
    else party.postalCode = postalCode;
  }
  if (party.ico !== null && !isValidIco(party.ico))
    errors['ico'] = ['IČO má osm číslic a poslední z nich musí odpovídat kontrolnímu součtu.'];
  if (party.dic !== null && !isValidDic(party.dic)) errors['dic'] = ['DIČ má tvar CZ a 8 až 10 číslic.'];
  return { party, errors };
}

export interface SupplierInput extends PartyInput {
  registration: string | null;
  vatPayer: boolean;
}

/** The operator's details as the supplier of its statements; replaces the earlier ones. */
export async function setSupplier(db: Database, input: SupplierInput): Promise<StatementSupplier> {
  const { party, errors } = checkedParty(input, { addressRequired: true });
  if (party.ico === null) errors['ico'] = [BLANK_FIELD_MESSAGE];
  if (input.vatPayer && party.dic === null) errors['dic'] = ['Plátce DPH musí mít DIČ.'];
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  const registration = input.registration?.trim() || null;
  const row = {
    id: 1,
    name: party.name,
    street: party.street ?? '',
    city: party.city ?? '',
    postalCode: party.postalCode ?? '',
    ico: party.ico ?? '',
    dic: party.dic,
    registration,
    vatPayer: input.vatPayer,
    updatedAt: new Date(),
  };
  await db.insert(billingSupplier).values(row).onConflictDoUpdate({ target: billingSupplier.id, set: row });
  return (await currentSupplier(db)) as StatementSupplier;
}

/** The supplier a statement imported now would print; null while the operator has given none. */
export async function currentSupplier(db: Database): Promise<StatementSupplier | null> {
  const [row] = await db.select().from(billingSupplier).where(eq(billingSupplier.id, 1)).limit(1);
  if (row === undefined) return null;
  return {
    name: row.name,
    street: row.street,
    city: row.city,
    postal_code: row.postalCode,
    ico: row.ico,
    dic: row.dic,
    registration: row.registration,
    vat_payer: row.vatPayer,
  };
}

/**
 * A tenant's billing details (its legal name when it differs from the name the portal shows,
 * address, IČO, DIČ); every field optional – a household has no IČO – but an address is whole
 * or absent.
 */
export async function setTenantBilling(db: Database, tenantId: string, input: PartyInput): Promise<StatementParty> {
  const [tenant] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  if (tenant === undefined) throw fieldErrors({ tenant: ['Nájemce neexistuje.'] });
  const anyAddress = [input.street, input.city, input.postalCode].some((value) => (value ?? '').trim() !== '');
  const { party, errors } = checkedParty(
    { ...input, name: input.name.trim() === '' ? tenant.name : input.name },
    { addressRequired: anyAddress },
  );
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  await db
    .update(tenants)
    .set({
      billingName: party.name === tenant.name ? null : party.name,
      street: party.street,
      city: party.city,
      postalCode: party.postalCode,
      ico: party.ico,
      dic: party.dic,
    })
    .where(eq(tenants.id, tenantId));
  return (await currentCustomer(db, tenantId)) as StatementParty;
}

/** The customer a statement of the tenant imported now would print; undefined for no tenant. */
export async function currentCustomer(db: Database, tenantId: string): Promise<StatementParty | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  if (row === undefined) return undefined;
  return {
    name: row.billingName ?? row.name,
    street: row.street,
    city: row.city,
    postal_code: row.postalCode,
    ico: row.ico,
    dic: row.dic,
  };
}
