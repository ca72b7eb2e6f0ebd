import { Box, Heading, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavigationType, Link as RouterLink, useNavigationType } from 'react-router';
import { errorMessage, errorStatus } from '#src/lib/errors.ts';
import { roomQueryOptions, type MeetingRoom } from '../api/meeting-room-queries.ts';
import { RoomFacts } from './room-facts.tsx';

/**
 * Moves focus to a heading that replaced what the user clicked (same path, new query), so the
 * change is announced and the keyboard continues from there. Not on a first load or Back/Forward.
 */
export function useFocusOnPush<Element extends HTMLElement>() {
  const ref = useRef<Element>(null);
  // How the element's page was reached; read when it appears, not at later navigations around it.
  const arrival = useRef(useNavigationType());
  useEffect(() => {
    if (arrival.current === NavigationType.Push) ref.current?.focus();
  }, []);
  return ref;
}

/**
 * One room: a way back to the list, its heading and facts, and what the page does with it
 * (`children`: availability and the page's booking form). An id the caller may not book (404)
 * is explained in place.
 */
export function RoomPanel({
  roomId,
  backTo,
  children,
}: {
  roomId: number;
  backTo: string;
  children: (room: MeetingRoom) => ReactNode;
}) {
  const { t } = useTranslation(['meetingRooms', 'common']);
  const { data: room, error, isPending } = useQuery(roomQueryOptions(roomId));
  const headingRef = useFocusOnPush<HTMLHeadingElement>();
  const headingId = useId();

  const back = (
    <Link asChild variant="underline" alignSelf="flex-start" justifySelf="start">
      <RouterLink to={backTo}>
        <span aria-hidden="true">← </span>
        {t('rooms.back')}
      </RouterLink>
    </Link>
  );

  if (isPending) return <Spinner aria-label={t('common:loading')} />;
  if (!room) {
    return (
      <Stack gap="3">
        {back}
        <Text role="alert">{errorStatus(error) === 404 ? t('rooms.notFound') : errorMessage(error)}</Text>
      </Stack>
    );
  }
  return (
    <Box as="section" aria-labelledby={headingId} display="grid" gap="6" minW="0">
      {back}
      <Box display="grid" gap="3">
        <Heading as="h2" id={headingId} ref={headingRef} tabIndex={-1} size="2xl" outline="none" wordBreak="break-word">
          {room.name}
        </Heading>
        <RoomFacts room={room} detailed />
      </Box>
      {children(room)}
    </Box>
  );
}
