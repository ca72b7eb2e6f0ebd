import { Badge, Box, Button, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  formatDateTime,
  formatDateTimeRange,
  formatDayLong,
  formatMinutesRange,
  formatPhone,
} from '#src/lib/format.ts';
import { pragueDay, pragueMinutes, shiftDay } from '#src/lib/prague-time.ts';
import { CancellableListItem } from '#src/components/ui/cancellable-list-item.tsx';
import { staffReservationsQueryOptions, type StaffReservation, type StaffRoom } from '../api/staff-room-queries.ts';
import { searchFor } from '../utils/day-search.ts';
import { CancelReservationDialog } from './cancel-reservation-dialog.tsx';

/** „9:00–10:30" within the day, the whole range when a reservation crosses midnight. */
function timeOf(reservation: StaffReservation): string {
  if (pragueDay(reservation.starts_at) !== pragueDay(reservation.ends_at)) {
    return formatDateTimeRange(reservation.starts_at, reservation.ends_at);
  }
  return formatMinutesRange(pragueMinutes(reservation.starts_at), pragueMinutes(reservation.ends_at));
}

/** The room's reservations on the day, with who booked each, the day links and the cancellation. */
export function RoomDayReservations({ room, day }: { room: StaffRoom; day: string }) {
  const { t } = useTranslation('staffMeetingRooms');
  const { data: reservations } = useSuspenseQuery(staffReservationsQueryOptions(room.id, day));
  const [cancelling, setCancelling] = useState<StaffReservation | null>(null);
  const dayLink = (target: string) => searchFor({ room: room.id, day: target });
  return (
    <Box as="section" aria-labelledby="staff-room-day">
      <Heading as="h2" id="staff-room-day" size="lg" mb="2">
        {t('day.title', { room: room.name, day: formatDayLong(day) })}
      </Heading>
      <Flex as="nav" aria-label={t('day.navigation')} gap="2" wrap="wrap" mb="4">
        <Button asChild size="sm" variant="outline">
          <RouterLink to={dayLink(shiftDay(day, -1))}>← {t('day.previous')}</RouterLink>
        </Button>
        <Button asChild size="sm" variant="outline">
          <RouterLink to={dayLink(pragueDay())}>{t('day.today')}</RouterLink>
        </Button>
        <Button asChild size="sm" variant="outline">
          <RouterLink to={dayLink(shiftDay(day, 1))}>{t('day.next')} →</RouterLink>
        </Button>
      </Flex>
      {reservations.length === 0 ? (
        <Text fontSize="lg" role="status">
          {t('day.empty')}
        </Text>
      ) : (
        <>
          <Text color="fg.muted" mb="2" role="status">
            {t('day.total', { count: reservations.length })}
          </Text>
          <Stack as="ul" listStyleType="none" gap="3" data-testid="staff-reservations">
            {reservations.map((reservation) => (
              <ReservationItem key={reservation.id} reservation={reservation} onCancel={setCancelling} />
            ))}
          </Stack>
        </>
      )}
      <CancelReservationDialog
        reservation={cancelling}
        time={cancelling ? timeOf(cancelling) : ''}
        onClose={() => setCancelling(null)}
      />
    </Box>
  );
}

function Booker({ reservation }: { reservation: StaffReservation }) {
  const { t } = useTranslation('staffMeetingRooms');
  const booker = reservation.booked_by;
  if (booker.kind === 'tenant') {
    const tenant = booker.tenant?.name ?? '';
    return <Text>{booker.user ? t('reservation.tenant', { tenant, user: booker.user.display_name }) : tenant}</Text>;
  }
  if (!booker.name && !booker.email && !booker.phone) return <Text>{t('reservation.publicAnonymised')}</Text>;
  return (
    <Stack gap="0">
      <Text>{t('reservation.public', { name: booker.name ?? booker.email ?? '' })}</Text>
      {booker.email ? (
        <Text textStyle="sm">
          {t('reservation.email')}:{' '}
          <Link href={`mailto:${booker.email}`} color="brand.fg" textDecoration="underline" wordBreak="break-all">
            {booker.email}
          </Link>
        </Text>
      ) : null}
      {booker.phone ? (
        <Text textStyle="sm">
          {t('reservation.phone')}:{' '}
          <Link href={`tel:${booker.phone.replace(/\s+/g, '')}`} color="brand.fg" textDecoration="underline">
            {formatPhone(booker.phone)}
          </Link>
        </Text>
      ) : null}
    </Stack>
  );
}

function ReservationItem({
  reservation,
  onCancel,
}: {
  reservation: StaffReservation;
  onCancel: (reservation: StaffReservation) => void;
}) {
  const { t } = useTranslation('staffMeetingRooms');
  const cancelled = reservation.status === 'cancelled';
  const time = timeOf(reservation);
  return (
    <CancellableListItem cancelled={cancelled}>
      <Flex gap="3" align="baseline" wrap="wrap">
        <Text fontWeight="semibold" fontSize="lg" fontVariantNumeric="tabular-nums">
          <time dateTime={`${reservation.starts_at}/${reservation.ends_at}`}>{time}</time>
        </Text>
        <Text fontWeight="medium" wordBreak="break-word">
          {reservation.title ?? t('reservation.untitled')}
        </Text>
        <Badge colorPalette={cancelled ? 'gray' : 'green'} variant="surface">
          {cancelled ? t('reservation.cancelled') : t('reservation.confirmed')}
        </Badge>
      </Flex>
      <Box mt="2">
        <Text textStyle="sm" color="fg.muted">
          {t('reservation.bookedBy')}
        </Text>
        <Booker reservation={reservation} />
      </Box>
      {cancelled ? (
        <Box mt="2" fontWeight="medium">
          {reservation.cancelled_at ? (
            <Text>{t('reservation.cancelledAt', { date: formatDateTime(reservation.cancelled_at) })}</Text>
          ) : null}
          {reservation.cancel_reason ? (
            <Text>{t('reservation.cancelReason', { reason: reservation.cancel_reason })}</Text>
          ) : null}
        </Box>
      ) : null}
      {reservation.can_cancel ? (
        <Button
          mt="3"
          size="sm"
          variant="outline"
          colorPalette="red"
          onClick={() => onCancel(reservation)}
          aria-label={t('reservation.cancelLabel', { time })}
        >
          {t('reservation.cancel')}
        </Button>
      ) : null}
    </CancellableListItem>
  );
}
