import { describe, expect, it } from 'vitest';
import { composeFaultReport, composeOrder, SUBJECT_MAX, truncate } from './compose-request.ts';

describe('composing requests for the operator', () => {
  it('makes an order recognisable from its subject and lists every answer in the message', () => {
    const order = composeOrder({
      service: 'access_card',
      quantity: 3,
      buildingName: 'Smíchov Gate, Plzeňská 3217/16, Praha 5',
      notes: '  pro nové kolegy ',
    });
    expect(order.subject).toBe('Objednávka: Přístupová karta, 3 ks');
    expect(order.message.split('\n')).toEqual([
      'Objednávka služby z portálu (stránka /order).',
      '',
      'Služba: Přístupová karta',
      'Množství: 3 ks',
      'Budova: Smíchov Gate, Plzeňská 3217/16, Praha 5',
      'Poznámka: pro nové kolegy',
    ]);
    expect(composeOrder({ service: 'parking', quantity: 1, buildingName: 'X', notes: ' ' }).message).toContain(
      'Poznámka: bez poznámky',
    );
  });

  it('names building, place and the first line of the fault in the subject, cut to the limit', () => {
    const fault = composeFaultReport({
      buildingName: 'Karlín Business Center',
      place: ' garáže ',
      what: 'Nejde vrata.\nStojí napůl otevřená.',
    });
    expect(fault.subject).toBe('Porucha: Karlín Business Center, garáže – Nejde vrata.');
    expect(fault.message).toBe('Nejde vrata.\nStojí napůl otevřená.');
    const long = composeFaultReport({ buildingName: 'Dům', place: 'chodba', what: 'a'.repeat(400) });
    expect(long.subject).toHaveLength(SUBJECT_MAX);
    expect(long.subject.endsWith('…')).toBe(true);
  });

  it('truncates on the limit only, collapsing whitespace', () => {
    expect(truncate(' a  b\nc ', 10)).toBe('a b c');
    expect(truncate('abcdef', 4)).toBe('abc…');
  });
});
