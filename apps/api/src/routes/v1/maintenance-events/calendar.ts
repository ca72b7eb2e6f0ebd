import { createEvents, type EventAttributes } from 'ics';

/**
 * The iCalendar (RFC 5545) feed of planned outages, built with the `ics` package. Pure: the
 * route hands in rows it already filtered for visibility, so this file only decides how an
 * outage looks in a calendar application.
 */

export interface CalendarEvent {
  id: number;
  title: string;
  description: string;
  category: string;
  startsAt: Date;
  endsAt: Date | null;
  updatedAt: Date;
  building: { name: string; street: string; city: string; postalCode: string };
}

export interface CalendarOptions {
  /** Base address of the portal (PORTAL_URL): its host makes the UIDs, its page the URL. */
  portalUrl: string;
  /** Calendar name shown by the subscribing application. */
  name: string;
}

/** Czech names of upstream.yaml `MaintenanceCategory`, for CATEGORIES. */
export const CATEGORY_LABELS: Record<string, string> = {
  electricity: 'Elektřina',
  water: 'Voda',
  heating: 'Vytápění',
  gas: 'Plyn',
  elevator: 'Výtahy',
  internet: 'Internet',
  cleaning: 'Úklid',
  other: 'Ostatní',
};

const PRODUCT_ID = '-//Portal najemnika//Planovane vypadky//CS';

/** Where the outages are listed in the portal (docs/product.md §2, route table). */
const OUTAGES_PATH = '/planovane-vypadky';

/**
 * A stable UID per outage: the same event keeps its UID across fetches, so a calendar updates
 * it in place instead of adding a copy. The portal's host makes it globally unique (RFC 5545
 * 3.8.4.7 recommends a domain part).
 */
export function eventUid(id: number, portalUrl: string): string {
  return `maintenance-event-${id}@${new URL(portalUrl).hostname}`;
}

const utc = (instant: Date) => instant.getTime();

export function buildMaintenanceCalendar(events: readonly CalendarEvent[], options: CalendarOptions): string {
  const url = `${options.portalUrl}${OUTAGES_PATH}`;
  const attributes: EventAttributes[] = events.map((event) => {
    const { building } = event;
    const description = event.endsAt === null ? `${event.description}\n\nKonec zatím není znám.` : event.description;
    const common = {
      uid: eventUid(event.id, options.portalUrl),
      title: event.title,
      description,
      location: `${building.name}, ${building.street}, ${building.postalCode} ${building.city}`,
      categories: [CATEGORY_LABELS[event.category] ?? CATEGORY_LABELS['other'] ?? 'Ostatní'],
      status: 'CONFIRMED' as const,
      // An outage does not make the subscriber busy.
      transp: 'TRANSPARENT' as const,
      url,
      start: utc(event.startsAt),
      startInputType: 'utc' as const,
      startOutputType: 'utc' as const,
      lastModified: utc(event.updatedAt),
    };
    // DTSTAMP is the last change, not the time of the request, so an unchanged feed stays
    // byte-identical between fetches (RFC 5545 3.8.7.2 allows either for published feeds).
    const withStamp = { ...common, timestamp: utc(event.updatedAt) };
    const withEnd =
      event.endsAt === null
        ? withStamp
        : { ...withStamp, end: utc(event.endsAt), endInputType: 'utc', endOutputType: 'utc' };
    // The package's types omit `timestamp` (its DTSTAMP option) and demand an end or a
    // duration, although the library and RFC 5545 3.6.1 accept an event without either.
    return withEnd as unknown as EventAttributes;
  });
  if (attributes.length === 0) return emptyCalendar(options.name);
  const { error, value } = createEvents(attributes, {
    calName: options.name,
    productId: PRODUCT_ID,
    method: 'PUBLISH',
  });
  if (error || value === null) throw error ?? new Error('ics produced no calendar');
  return foldLines(value);
}

/** `ics` refuses an empty list; an empty feed is still a valid calendar. */
function emptyCalendar(name: string): string {
  return foldLines(
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'CALSCALE:GREGORIAN',
      `PRODID:${PRODUCT_ID}`,
      'METHOD:PUBLISH',
      `X-WR-CALNAME:${name}`,
      'X-PUBLISHED-TTL:PT1H',
      'END:VCALENDAR',
      '',
    ].join('\r\n'),
  );
}

const encoder = new TextEncoder();

/**
 * RFC 5545 3.1: content lines are folded at 75 **octets**. `ics` folds at 75 characters, which
 * Czech letters (two octets in UTF-8) push past the limit, so its folding is undone and redone
 * by octets here, never splitting a character.
 */
export function foldLines(text: string): string {
  const unfolded = text.replace(/\r\n[ \t]/g, '');
  return unfolded
    .split('\r\n')
    .map((line) => {
      if (encoder.encode(line).length <= 75) return line;
      const parts: string[] = [];
      let current = '';
      let octets = 0;
      // The first line holds 75 octets, continuation lines 74 plus the leading space.
      let limit = 75;
      for (const char of line) {
        const size = encoder.encode(char).length;
        if (octets + size > limit) {
          parts.push(current);
          current = '';
          octets = 0;
          limit = 74;
        }
        current += char;
        octets += size;
      }
      parts.push(current);
      return parts.join('\r\n ');
    })
    .join('\r\n');
}
