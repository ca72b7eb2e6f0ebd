import { useTranslation } from 'react-i18next';
import { ReasonConfirmDialog, reasonConfirmLabels } from '#src/components/ui/reason-confirm-dialog.tsx';
import { useCancelOutage } from '../api/staff-outage-mutations.ts';
import type { StaffOutage } from '../api/staff-outage-queries.ts';

/**
 * Asks before cancelling an outage, with an optional reason the staff keep on record. A
 * colleague may have cancelled it first (409 event_cancelled): the list is read again.
 */
export function CancelOutageDialog({ outage, onClose }: { outage: StaffOutage | null; onClose: () => void }) {
  const { t } = useTranslation('staffOutages');
  const cancel = useCancelOutage();
  return (
    <ReasonConfirmDialog
      open={outage !== null}
      reasonId="outage-cancel-reason"
      labels={reasonConfirmLabels(t('cancel.title', { title: outage?.title ?? '' }), (key) => t(`cancel.${key}`))}
      pending={cancel.isPending}
      onConfirm={async (reason) => {
        if (outage) await cancel.mutateAsync({ id: outage.id, reason: reason === '' ? null : reason });
      }}
      onClose={onClose}
    />
  );
}
