import { Box } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import type { components } from '@portal/sdk/schema';
import { toast } from '@portal/ui/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDayTimeRange } from '#src/lib/format.ts';
import type { PublicReservation, Reservation } from '../api/meeting-room-queries.ts';
import { downloadCalendarFile, type CalendarEntry } from '../utils/calendar-file.ts';
import { FactsList, type Fact } from './facts-list.tsx';

type RoomRef = components['schemas']['MeetingRoomRef'];

/** Room, building and time of a booking, plus whatever else the caller lists. */
export function BookingFacts({
  room,
  startsAt,
  endsAt,
  extra = [],
}: {
  room: RoomRef;
  startsAt: string;
  endsAt: string;
  extra?: readonly Fact[];
}) {
  const { t } = useTranslation('meetingRooms');
  return (
    <FactsList
      facts={[
        { label: t('details.room'), value: `${room.name}, ${room.building.name}` },
        { label: t('details.when'), value: formatDayTimeRange(startsAt, endsAt) },
        ...extra,
      ]}
    />
  );
}

/** A tenant reservation as listed and as confirmed after booking. */
export function ReservationSummary({
  reservation,
  showTitle = true,
}: {
  reservation: Reservation;
  showTitle?: boolean;
}) {
  const { t } = useTranslation('meetingRooms');
  const extra: Fact[] = showTitle ? [{ label: t('form.meetingTitle'), value: reservation.title }] : [];
  if (reservation.created_by) extra.push({ label: t('details.bookedBy'), value: reservation.created_by.display_name });
  if (reservation.attendees !== null)
    extra.push({ label: t('details.attendees'), value: String(reservation.attendees) });
  if (reservation.note) extra.push({ label: t('details.note'), value: reservation.note });
  return (
    <Box display="grid" gap="3">
      <BookingFacts
        room={reservation.room}
        startsAt={reservation.starts_at}
        endsAt={reservation.ends_at}
        extra={extra}
      />
      <CalendarDownloadButton
        entry={tenantCalendarEntry(t, reservation)}
        fileName={`rezervace-${reservation.id}.ics`}
      />
    </Box>
  );
}

type MeetingRoomsT = ReturnType<typeof useTranslation<'meetingRooms'>>['t'];

export function tenantCalendarEntry(t: MeetingRoomsT, reservation: Reservation): CalendarEntry {
  const { room } = reservation;
  return {
    uid: `rezervace-${reservation.id}@portal-najemnika`,
    startsAt: reservation.starts_at,
    endsAt: reservation.ends_at,
    summary: t('calendar.tenantSummary', { title: reservation.title, room: room.name }),
    location: `${room.name}, ${room.building.name}`,
    description: t('calendar.description', { room: room.name, building: room.building.name }),
  };
}

export function publicCalendarEntry(t: MeetingRoomsT, reservation: PublicReservation): CalendarEntry {
  const { room } = reservation;
  return {
    uid: `verejna-rezervace-${reservation.uuid}@portal-najemnika`,
    startsAt: reservation.starts_at,
    endsAt: reservation.ends_at,
    summary: t('calendar.publicSummary', { room: room.name }),
    location: `${room.name}, ${room.building.name}`,
    description: t('calendar.description', { room: room.name, building: room.building.name }),
  };
}

/** Downloads the reservation as an .ics file; the generator is fetched on the first click. */
export function CalendarDownloadButton({ entry, fileName }: { entry: CalendarEntry; fileName: string }) {
  const { t } = useTranslation('meetingRooms');
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await downloadCalendarFile(entry, fileName);
    } catch (error) {
      toast.add({
        severity: 'error',
        summary: t('calendar.failed'),
        detail: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      alignSelf="flex-start"
      justifySelf="start"
      loading={busy}
      onClick={() => void onClick()}
    >
      {t('calendar.download')}
    </Button>
  );
}
