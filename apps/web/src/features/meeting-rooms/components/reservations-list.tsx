import { Box, Button, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { toast } from '@portal/ui/toast';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Frame } from '#src/components/ui/frame.tsx';
import { errorMessage, isUnauthorized } from '#src/lib/errors.ts';
import { formatDayTimeRange } from '#src/lib/format.ts';
import { PlainList } from '#src/components/ui/plain-list.tsx';
import { useCancelReservation } from '../api/meeting-room-mutations.ts';
import { RESERVATIONS_PAGE_SIZE, reservationsQueryOptions, type Reservation } from '../api/meeting-room-queries.ts';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { ReservationSummary } from './reservation-summary.tsx';

/**
 * The tenant's upcoming reservations, soonest first, each with its calendar file and – until it
 * starts – a cancel button behind a confirmation.
 */
export function ReservationsList({
  page,
  from,
  linkToPage,
}: {
  page: number;
  /** Prague day from which reservations count as upcoming (today). */
  from: string;
  linkToPage: (page: number) => string;
}) {
  const { t } = useTranslation('meetingRooms');
  const { data } = useSuspenseQuery(reservationsQueryOptions({ page, from }));
  const cancel = useCancelReservation();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<Reservation | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusListWhenClosed = useRef(false);
  // The cancelled entry (and its button) left the list: once the modal dialog has closed (focus
  // cannot leave it while open), focus the list's heading instead of the void.
  useEffect(() => {
    if (confirming !== null || !focusListWhenClosed.current) return;
    focusListWhenClosed.current = false;
    headingRef.current?.focus();
  }, [confirming]);
  const headingId = useId();
  const pages = Math.max(1, Math.ceil(data.total / RESERVATIONS_PAGE_SIZE));

  const onConfirm = async () => {
    if (!confirming) return;
    try {
      await cancel.mutateAsync(confirming.id);
    } catch (error) {
      setConfirming(null);
      if (!isUnauthorized(error))
        toast.add({ severity: 'error', summary: t('reservations.cancelFailed'), detail: errorMessage(error) });
      return;
    }
    focusListWhenClosed.current = true;
    setConfirming(null);
    toast.add({ severity: 'success', summary: t('reservations.cancelled') });
    // The last entry of a later page is gone, and with it the page: show the one before.
    if (data.items.length === 1 && page > 1) await navigate(linkToPage(page - 1), { preventScrollReset: true });
  };

  return (
    <Box as="section" aria-labelledby={headingId} minW="0">
      <Heading as="h2" id={headingId} ref={headingRef} tabIndex={-1} size="xl" mb="1" outline="none">
        {t('reservations.title')}
      </Heading>
      <Text color="fg.muted" mb="3">
        {t('reservations.intro')}
      </Text>
      {data.items.length === 0 ? (
        <Text role="status">{t('reservations.empty')}</Text>
      ) : (
        <>
          <Text color="fg.muted" mb="3" role="status">
            {t('reservations.total', { count: data.total })}
          </Text>
          <PlainList gap="3" data-testid="reservations">
            {data.items.map((reservation) => (
              <Frame as="li" key={reservation.id} display="grid" gap="3" minW="0">
                <Heading as="h3" size="md" wordBreak="break-word">
                  {reservation.title}
                </Heading>
                {/* The title is the entry's heading already. */}
                <ReservationSummary reservation={reservation} showTitle={false} />
                {reservation.can_cancel ? (
                  <Button
                    type="button"
                    variant="outline"
                    colorPalette="red"
                    size="sm"
                    justifySelf="start"
                    onClick={() => setConfirming(reservation)}
                  >
                    {t('reservations.cancel')}
                  </Button>
                ) : null}
              </Frame>
            ))}
          </PlainList>
          {pages > 1 ? (
            <Flex as="nav" aria-label={t('reservations.pages')} gap="3" align="center" mt="4" wrap="wrap">
              {page > 1 ? (
                <Link asChild variant="underline">
                  <RouterLink to={linkToPage(page - 1)} preventScrollReset>
                    {t('reservations.previous')}
                  </RouterLink>
                </Link>
              ) : null}
              <Text>{t('reservations.page', { page, pages })}</Text>
              {page < pages ? (
                <Link asChild variant="underline">
                  <RouterLink to={linkToPage(page + 1)} preventScrollReset>
                    {t('reservations.next')}
                  </RouterLink>
                </Link>
              ) : null}
            </Flex>
          ) : null}
        </>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={t('cancelDialog.title')}
        confirmLabel={t('cancelDialog.confirm')}
        cancelLabel={t('cancelDialog.keep')}
        pending={cancel.isPending}
        onConfirm={() => void onConfirm()}
        onClose={() => setConfirming(null)}
      >
        {confirming
          ? t('cancelDialog.body', {
              title: confirming.title,
              room: confirming.room.name,
              when: formatDayTimeRange(confirming.starts_at, confirming.ends_at),
            })
          : null}
      </ConfirmDialog>
    </Box>
  );
}
