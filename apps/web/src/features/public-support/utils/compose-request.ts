/**
 * The fault report and the order page are delivered as public support requests (category
 * `fault_report` / `order`, docs/decisions/005-public-support-area.md). The operator reads them
 * in the same queue as every other request, so subject and message are composed here to say at
 * a glance what kind of request it is and everything the form asked for.
 */

export const ORDER_SERVICES = ['key_copy', 'access_card', 'parking', 'other'] as const;
export type OrderService = (typeof ORDER_SERVICES)[number];

/** Czech names of the services (the operator reads these, so they are not translation keys). */
export const ORDER_SERVICE_NAMES: Record<OrderService, string> = {
  key_copy: 'Kopie klíče',
  access_card: 'Přístupová karta',
  parking: 'Parkovací místo',
  other: 'Jiná služba',
};

export const SUBJECT_MAX = 200;
export const MESSAGE_MAX = 5000;
export const NAME_MAX = 100;
export const LOCATION_MAX = 200;
export const ORDER_QUANTITY_MAX = 99;

/** Cuts text to `max` characters, ending with „…" when something was cut. */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

export interface OrderInput {
  service: OrderService;
  quantity: number;
  buildingName: string;
  notes: string;
}

/** „Objednávka: Kopie klíče, 2 ks" and a message listing every answer of the form. */
export function composeOrder({ service, quantity, buildingName, notes }: OrderInput): {
  subject: string;
  message: string;
} {
  const name = ORDER_SERVICE_NAMES[service];
  const subject = truncate(`Objednávka: ${name}, ${quantity} ks`, SUBJECT_MAX);
  const lines = [
    'Objednávka služby z portálu (stránka /order).',
    '',
    `Služba: ${name}`,
    `Množství: ${quantity} ks`,
    `Budova: ${buildingName}`,
    `Poznámka: ${notes.trim() === '' ? 'bez poznámky' : notes.trim()}`,
  ];
  return { subject, message: lines.join('\n').slice(0, MESSAGE_MAX) };
}

export interface FaultInput {
  buildingName: string;
  place: string;
  what: string;
}

/** „Porucha: Florenc, 2. patro u výtahu – nesvítí světlo" (cut to the subject's limit). */
export function composeFaultReport({ buildingName, place, what }: FaultInput): { subject: string; message: string } {
  const firstLine = what.trim().split('\n')[0] ?? '';
  const subject = truncate(`Porucha: ${buildingName}, ${place.trim()} – ${firstLine}`, SUBJECT_MAX);
  return { subject, message: what.trim().slice(0, MESSAGE_MAX) };
}
