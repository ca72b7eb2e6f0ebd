import { Badge, Box, HStack, Image } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatMinutesRange } from '#src/lib/format.ts';
import { minutesOfTime } from '#src/lib/prague-time.ts';
import type { MeetingRoom } from '../api/meeting-room-queries.ts';
import { FactsList, type Fact } from './facts-list.tsx';

/** „4 hodiny", „90 minut": whole hours read better, other lengths stay in minutes. */
export function formatDuration(t: TFunction<'meetingRooms'>, minutes: number): string {
  return minutes % 60 === 0 ? t('duration.hours', { count: minutes / 60 }) : t('duration.minutes', { count: minutes });
}

/** A room's facts; `showScope` says whether the public may book it too (the tenant page's concern). */
export function RoomFacts({
  room,
  showScope = false,
  detailed = false,
}: {
  room: MeetingRoom;
  showScope?: boolean;
  detailed?: boolean;
}) {
  const { t } = useTranslation('meetingRooms');
  const facts: Fact[] = [
    { label: t('rooms.building'), value: room.building.name },
    ...(room.floor ? [{ label: t('rooms.floor'), value: room.floor }] : []),
    { label: t('rooms.capacity'), value: t('rooms.people', { count: room.capacity }) },
  ];
  if (room.equipment.length > 0) {
    facts.push({
      label: t('rooms.equipment'),
      value: (
        <HStack as="ul" listStyleType="none" gap="1.5" wrap="wrap">
          {room.equipment.map((item) => (
            <Badge as="li" key={item} variant="subtle" colorPalette="gray">
              {item}
            </Badge>
          ))}
        </HStack>
      ),
    });
  }
  if (detailed) {
    facts.push(
      {
        label: t('rooms.openingHours'),
        value: formatMinutesRange(minutesOfTime(room.opening_time), minutesOfTime(room.closing_time)),
      },
      { label: t('rooms.slotLength'), value: formatDuration(t, room.slot_minutes) },
      { label: t('rooms.maxDuration'), value: formatDuration(t, room.max_duration_minutes) },
    );
  }
  return (
    <Box display="grid" gap="3" minW="0">
      {room.photo_url ? (
        <Image
          src={room.photo_url}
          alt={t('rooms.photoAlt', { name: room.name })}
          borderRadius="l2"
          maxH="48"
          objectFit="cover"
          w="full"
        />
      ) : null}
      {showScope ? (
        <Box>
          <Badge variant="outline" colorPalette={room.public_booking ? 'blue' : 'gray'}>
            {room.public_booking ? t('rooms.publicBooking') : t('rooms.tenantOnly')}
          </Badge>
        </Box>
      ) : null}
      <FactsList facts={facts} />
      {detailed && room.description ? <Box color="fg.muted">{room.description}</Box> : null}
    </Box>
  );
}
