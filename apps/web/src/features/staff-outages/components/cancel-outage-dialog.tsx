import { toast } from '@portal/ui/toast';
import { Field } from '@portal/ui/field';
import { Textarea } from '@portal/ui/textarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { errorMessage, isUnauthorized } from '#src/lib/errors.ts';
import { useCancelOutage } from '../api/staff-outage-mutations.ts';
import type { StaffOutage } from '../api/staff-outage-queries.ts';

const REASON_ID = 'outage-cancel-reason';
const REASON_MAX = 500;

/** Asks before cancelling an outage, with an optional reason the staff keep on record. */
export function CancelOutageDialog({ outage, onClose }: { outage: StaffOutage | null; onClose: () => void }) {
  const { t } = useTranslation(['staffOutages', 'common']);
  const cancel = useCancelOutage();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    setReason('');
    setProblem(null);
    onClose();
  };

  const confirm = async () => {
    if (!outage) return;
    const text = reason.trim();
    if (text.length > REASON_MAX) {
      setProblem(t('cancel.reasonTooLong'));
      document.getElementById(REASON_ID)?.focus();
      return;
    }
    try {
      await cancel.mutateAsync({ id: outage.id, reason: text === '' ? null : text });
      toast.add({ severity: 'success', summary: t('cancel.done') });
    } catch (error) {
      // A colleague may have cancelled it first (409 event_cancelled): the list is read again.
      if (!isUnauthorized(error)) {
        toast.add({ severity: 'error', summary: t('cancel.failed'), detail: errorMessage(error) });
      }
    }
    close();
  };

  return (
    <ConfirmDialog
      open={outage !== null}
      title={t('cancel.title', { title: outage?.title ?? '' })}
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
