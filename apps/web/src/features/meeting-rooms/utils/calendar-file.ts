/** What a calendar entry for a reservation says; times are the API's UTC instants. */
export interface CalendarEntry {
  /** Stable per reservation, so importing the file twice updates one entry instead of adding two. */
  uid: string;
  startsAt: string;
  endsAt: string;
  summary: string;
  location: string;
  description: string;
}

/**
 * An iCalendar (RFC 5545) file for one reservation. DTSTART/DTEND are written in UTC (`…Z`),
 * which every calendar shows in its own zone – correct for Prague without shipping a VTIMEZONE.
 * The `ics` package is loaded only here, i.e. when someone asks for the file.
 */
export async function calendarFile(entry: CalendarEntry): Promise<string> {
  const { createEvent } = await import('ics');
  const { error, value } = createEvent({
    uid: entry.uid,
    productId: 'portal-najemnika/zasedaci-mistnosti',
    start: Date.parse(entry.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: Date.parse(entry.endsAt),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: entry.summary,
    location: entry.location,
    description: entry.description,
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
  });
  if (error || !value) throw error ?? new Error('ics produced no calendar');
  return value;
}

/** Offers the file as a download (`rezervace-….ics`). */
export async function downloadCalendarFile(entry: CalendarEntry, fileName: string): Promise<void> {
  const text = await calendarFile(entry);
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; revoke once the browser has taken it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
