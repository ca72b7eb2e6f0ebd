import { Box, Heading, Link, Text, VisuallyHidden } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Frame } from '#src/components/ui/frame.tsx';
import { PlainList } from '#src/components/ui/plain-list.tsx';
import { roomsQueryOptions, type MeetingRoom } from '../api/meeting-room-queries.ts';
import { RoomFacts } from './room-facts.tsx';
import { useFocusOnPush } from './room-panel.tsx';

/**
 * The rooms a booking page offers – on the public page only those open to the public, for a
 * tenant also its buildings' own, marked as such – with the focus moved here when the list
 * replaces a room's view.
 */
export function BookableRooms({ publicOnly, linkTo }: { publicOnly: boolean; linkTo: (roomId: number) => string }) {
  const { data: rooms } = useSuspenseQuery(roomsQueryOptions({ publicOnly }));
  const headingRef = useFocusOnPush<HTMLHeadingElement>();
  return <RoomList rooms={rooms} linkTo={(room) => linkTo(room.id)} showScope={!publicOnly} headingRef={headingRef} />;
}

/** The rooms as cards, each linking to its availability and booking view (`linkTo`). */
function RoomList({
  rooms,
  linkTo,
  showScope = false,
  headingRef,
}: {
  rooms: readonly MeetingRoom[];
  linkTo: (room: MeetingRoom) => string;
  showScope?: boolean;
  /** Lets the page move focus here when the list replaces a room's view. */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation('meetingRooms');
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h2" id={headingId} ref={headingRef} tabIndex={-1} outline="none" size="xl" mb="3">
        {t('rooms.title')}
      </Heading>
      {rooms.length === 0 ? (
        <Text role="status">{t('rooms.empty')}</Text>
      ) : (
        <PlainList gridTemplateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="4">
          {rooms.map((room) => (
            <Frame as="li" key={room.id} display="grid" gap="3" alignContent="start" minW="0">
              <Heading as="h3" size="lg" wordBreak="break-word">
                {room.name}
              </Heading>
              <RoomFacts room={room} showScope={showScope} />
              <Link asChild variant="underline" fontWeight="semibold" justifySelf="start">
                <RouterLink to={linkTo(room)}>
                  {t('rooms.open')} {/* „Obsazenost a rezervace místnosti Velká zasedačka" for screen readers. */}
                  <VisuallyHidden>{t('rooms.openRoom', { name: room.name })}</VisuallyHidden>
                </RouterLink>
              </Link>
            </Frame>
          ))}
        </PlainList>
      )}
    </Box>
  );
}
