import { useTranslation } from 'react-i18next';
import { ReasonConfirmDialog, reasonConfirmLabels } from '#src/components/ui/reason-confirm-dialog.tsx';
import type { StaffReservation } from '../api/staff-room-queries.ts';
import { useCancelReservation } from '../api/use-cancel-reservation.ts';

/**
 * Asks before cancelling a reservation; the reason is required and kept with it. Started or
 * cancelled meanwhile (409 reservation_not_cancellable): the day is read again.
 */
export function CancelReservationDialog({
  reservation,
  time,
  onClose,
}: {
  reservation: StaffReservation | null;
  time: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('staffMeetingRooms');
  const cancel = useCancelReservation();
  return (
    <ReasonConfirmDialog
      open={reservation !== null}
      reasonId="reservation-cancel-reason"
      labels={reasonConfirmLabels(t('cancel.title', { time }), (key) => t(`cancel.${key}`), t('cancel.reasonRequired'))}
      pending={cancel.isPending}
      onConfirm={async (reason) => {
        if (reservation) await cancel.mutateAsync({ id: reservation.id, reason });
      }}
      onClose={onClose}
    />
  );
}
