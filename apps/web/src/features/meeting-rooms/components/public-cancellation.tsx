import { Heading, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Frame } from '#src/components/ui/frame.tsx';
import { PageTitle } from '#src/components/ui/page-title.tsx';
import { errorMessage, errorStatus } from '#src/lib/errors.ts';
import { useCancelPublicReservation } from '../api/meeting-room-mutations.ts';
import { publicReservationQueryOptions, type PublicReservation } from '../api/meeting-room-queries.ts';
import { BookingFacts } from './reservation-summary.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

/** Whether a cancellation link's parameters can be real (anything else is not even asked about). */
export function isWellFormedLink(uuid: string, token: string): boolean {
  return UUID.test(uuid) && TOKEN.test(token);
}

/**
 * The page a cancellation link opens: the booking and one button. Opening it changes nothing
 * (mail scanners follow links); only the button cancels. A wrong, unknown or used link – and a
 * second press – end in „Odkaz už neplatí".
 */
export function PublicCancellation({ uuid, token, backTo }: { uuid: string; token: string; backTo: string }) {
  const { t } = useTranslation('meetingRooms');
  const wellFormed = isWellFormedLink(uuid, token);
  const cancel = useCancelPublicReservation(uuid, token);
  const done = cancel.isSuccess;
  // After the press the link is used up: reading it again would only answer 404.
  const { data, error, isPending } = useQuery({
    ...publicReservationQueryOptions(uuid, token),
    enabled: wellFormed && !done,
  });
  const heading = useRef<HTMLHeadingElement>(null);
  // The outcome replaces the button that was pressed: focus its heading so it is announced.
  useEffect(() => {
    if (done) heading.current?.focus();
  }, [done]);

  const back = (
    <Link asChild variant="underline" alignSelf="flex-start">
      <RouterLink to={backTo}>{t('cancellation.back')}</RouterLink>
    </Link>
  );

  if (done) {
    return (
      <Stack gap="5" maxW="2xl">
        <PageTitle title={t('cancellation.done')} />
        <Heading as="h1" ref={heading} tabIndex={-1} outline="none" size={{ base: '2xl', md: '3xl' }}>
          {t('cancellation.done')}
        </Heading>
        <Text role="status">{t('cancellation.doneDetail')}</Text>
        <Booking reservation={cancel.data} />
        {back}
      </Stack>
    );
  }

  const refused =
    !wellFormed || errorStatus(error) === 404 || errorStatus(cancel.error) === 404 || data?.status === 'cancelled';
  if (!refused && isPending) return <Spinner aria-label={t('cancellation.title')} />;
  if (refused || !data) {
    return (
      <Stack gap="4" maxW="2xl">
        <PageTitle title={t('cancellation.invalidTitle')} />
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {t('cancellation.invalidTitle')}
        </Heading>
        <Text role="alert">{refused ? t('cancellation.invalid') : errorMessage(error)}</Text>
        {back}
      </Stack>
    );
  }

  const started = Date.parse(data.starts_at) <= Date.now();
  return (
    <Stack gap="5" maxW="2xl">
      <PageTitle title={t('cancellation.title')} />
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
        {t('cancellation.title')}
      </Heading>
      <Booking reservation={data} />
      <Text>{started ? t('cancellation.started') : t('cancellation.intro')}</Text>
      {cancel.error ? (
        <Text role="alert" color="fg.error" fontWeight="semibold">
          {errorMessage(cancel.error)}
        </Text>
      ) : null}
      {started ? null : (
        <Button
          type="button"
          colorPalette="red"
          alignSelf="flex-start"
          loading={cancel.isPending}
          onClick={() => cancel.mutate()}
        >
          {t('cancellation.submit')}
        </Button>
      )}
      {back}
    </Stack>
  );
}

function Booking({ reservation }: { reservation: PublicReservation }) {
  const { t } = useTranslation('meetingRooms');
  return (
    <Frame>
      <BookingFacts
        room={reservation.room}
        startsAt={reservation.starts_at}
        endsAt={reservation.ends_at}
        extra={[{ label: t('details.name'), value: reservation.name }]}
      />
    </Frame>
  );
}
