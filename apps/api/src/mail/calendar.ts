import { createEvent, type EventAttributes } from 'ics';

/**
 * One event as an iCalendar object for a mail (RFC 5546 iTIP): REQUEST when set or moved,
 * CANCEL when called off, always with the same UID so the calendar updates its copy.
 */
export interface MailEvent {
  uid: string;
  title: string;
  description: string;
  location?: string | undefined;
  start: Date;
  end: Date;
  sequence: number;
  method: 'REQUEST' | 'CANCEL';
  url: string;
  organizer: string;
}

const PRODUCT_ID = '-//Portal najemnika//Oznameni//CS';

export function mailEvent(event: MailEvent): string {
  const attributes = {
    uid: event.uid,
    title: event.title,
    description: event.description,
    ...(event.location === undefined ? {} : { location: event.location }),
    start: event.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: event.end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    sequence: event.sequence,
    status: event.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    url: event.url,
    organizer: { name: 'Správa budovy', email: event.organizer },
    productId: PRODUCT_ID,
    method: event.method,
  } satisfies EventAttributes;
  const { error, value } = createEvent(attributes);
  if (error || value == null) throw error ?? new Error('ics produced no event');
  return value;
}
