/**
 * A count and the noun that agrees with it, for the Czech messages the API writes itself
 * (docs/czech.md §3). The caller gives the forms the sentence needs – after „nejvýše“ the
 * accusative („1 osobu“, „4 osoby“, „5 osob“), after „do“ the genitive („1 dne“, „3 dní“) –
 * because the case depends on the words around the count, not on the count alone.
 */
export interface CountForms {
  /** 1 */
  one: string;
  /** 2, 3, 4 */
  few: string;
  /** 0 and 5 and more */
  other: string;
}

const czechPlural = new Intl.PluralRules('cs-CZ');

/** „4 osoby“, „240 minut“, „1 000 znaků“: the count in Czech digit groups, then its noun. */
export function czechCount(count: number, forms: CountForms): string {
  const category = czechPlural.select(count);
  const noun = category === 'one' ? forms.one : category === 'few' ? forms.few : forms.other;
  return `${count.toLocaleString('cs-CZ')} ${noun}`;
}

/** A duration in whole hours when it is one („2 hodiny“), otherwise in minutes („90 minut“), accusative. */
export function czechDuration(minutes: number): string {
  return minutes % 60 === 0
    ? czechCount(minutes / 60, { one: 'hodinu', few: 'hodiny', other: 'hodin' })
    : czechCount(minutes, { one: 'minutu', few: 'minuty', other: 'minut' });
}

/** `08:00` → `8:00`: Czech writes the hour without a leading zero (docs/czech.md §2). */
export function czechTime(time: string): string {
  return time.replace(/^0(\d)/, '$1');
}
