import { Field } from '@portal/ui/field';
import { Textarea } from '@portal/ui/textarea';
import { toast } from '@portal/ui/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { errorMessage, isUnauthorized } from '#src/lib/errors.ts';
import type { StaffReservation } from '../api/staff-room-queries.ts';
import { useCancelReservation } from '../api/use-cancel-reservation.ts';

const REASON_ID = 'reservation-cancel-reason';
const REASON_MAX = 500;

/** Asks before cancelling a reservation; the reason is required and kept with it. */
export function CancelReservationDialog({
  reservation,
  time,
  onClose,
}: {
  reservation: StaffReservation | null;
  time: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['staffMeetingRooms', 'common']);
  const cancel = useCancelReservation();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    setReason('');
    setProblem(null);
    onClose();
  };

  const confirm = async () => {
    if (!reservation) return;
    const text = reason.trim();
    const refusal =
      text === '' ? t('cancel.reasonRequired') : text.length > REASON_MAX ? t('cancel.reasonTooLong') : null;
    if (refusal) {
      setProblem(refusal);
      document.getElementById(REASON_ID)?.focus();
      return;
    }
    try {
      await cancel.mutateAsync({ id: reservation.id, reason: text });
      toast.add({ severity: 'success', summary: t('cancel.done') });
    } catch (error) {
      // Started or cancelled meanwhile (409 reservation_not_cancellable): the day is read again.
      if (!isUnauthorized(error)) {
        toast.add({ severity: 'error', summary: t('cancel.failed'), detail: errorMessage(error) });
      }
    }
    close();
  };

  return (
    <ConfirmDialog
      open={reservation !== null}
      title={t('cancel.title', { time })}
      confirmLabel={t('cancel.confirm')}
      cancelLabel={t('cancel.keep')}
      pending={cancel.isPending}
      onConfirm={() => void confirm()}
      onClose={close}
      extra={
        <Field
          id={REASON_ID}
          label={t('cancel.reason')}
          helperText={t('cancel.reasonHint')}
          errorText={problem ?? undefined}
          errorPrefix={t('common:form.errorPrefix')}
        >
          <Textarea value={reason} onChange={(event) => setReason(event.target.value)} rows={3} />
        </Field>
      }
    >
      {t('cancel.body')}
    </ConfirmDialog>
  );
}
