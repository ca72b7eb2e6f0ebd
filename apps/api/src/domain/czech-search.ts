import { sql, type SQL } from 'drizzle-orm';

/**
 * The letters with diacritics of Czech (and Slovak, for names and addresses), both cases, and
 * the plain letters a search folds them to, position by position.
 */
const WITH_DIACRITICS = 'áäčďéěëíĺľňóôöŕřšťúůüýžÁÄČĎÉĚËÍĹĽŇÓÔÖŔŘŠŤÚŮÜÝŽ';
const PLAIN = 'aacdeeeillnooorrstuuuyzaacdeeeillnooorrstuuuyz';

/**
 * SQL: `text` in lower case and without diacritics, as the tenant's incident search compares
 * both the tickets' text and what was typed – people type on a phone without the háčky and
 * čárky („kuchynka“ must find „Kuchyňka“). `translate` needs no extension (`unaccent` is not in
 * every PostgreSQL nor in PGlite); the map is a literal, so prepared statements keep their plan.
 */
export function foldedForSearch(text: SQL): SQL {
  return sql`translate(lower(${text}), ${sql.raw(`'${WITH_DIACRITICS}'`)}, ${sql.raw(`'${PLAIN}'`)})`;
}
