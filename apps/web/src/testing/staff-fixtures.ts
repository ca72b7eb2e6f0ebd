// What the staff pages' tests share: the API's words and rules they meet, and answers of the BFF.
import type { components } from '@portal/sdk/schema';
import { HttpResponse } from 'msw';

type Building = components['schemas']['Building'];
type ErrorBody = components['schemas']['ErrorBody'];

/** Two buildings the staff see, in the API's shape. */
export const BUILDINGS: Building[] = [
  { id: 1, name: 'Dům Florenc', street: 'Na Florenci 1', city: 'Praha 1', postal_code: '110 00' },
  { id: 2, name: 'Dům Karlín', street: 'Křižíkova 2', city: 'Praha 8', postal_code: '186 00' },
];

/** The API's message for a change made on an old version (412). */
export const STALE = 'Záznam mezitím změnil někdo jiný. Načtěte ho znovu a změnu zopakujte.';

/**
 * What the API answers in `allowed_statuses` for each status of a ticket or a public request:
 * the one transition table both follow.
 */
export const ALLOWED_STATUSES = {
  open: ['in_progress', 'resolved', 'closed'],
  in_progress: ['open', 'resolved', 'closed'],
  resolved: ['in_progress', 'closed'],
  closed: [],
} as const;

/** An error answer of the BFF: the status and the body every error has. */
export const errorResponse = (status: number, body: ErrorBody) => HttpResponse.json(body, { status });

/** A colleague's change of a stored record: it moves on to a new version behind the page's back. */
export function bumpVersion<Item extends { id: number; version: number }>(
  items: Item[],
  id: number,
  change: Partial<Item>,
) {
  const item = items.find((candidate) => candidate.id === id) as Item;
  Object.assign(item, change, { version: item.version + 1 });
}
