import { Field } from '@portal/ui/field';
import { Textarea } from '@portal/ui/textarea';
import { toast } from '@portal/ui/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isUnauthorized } from '#src/lib/errors.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

const REASON_MAX = 500;

/** The feature's words for a {@link ReasonConfirmDialog}. */
export interface ReasonConfirmLabels {
  title: string;
  body: string;
  confirm: string;
  keep: string;
  reason: string;
  reasonHint: string;
  reasonTooLong: string;
  /** Set when the reason is required. */
  reasonRequired?: string;
  done: string;
  failed: string;
}

/** The words of a {@link ReasonConfirmDialog} a feature keeps under one name each. */
export type ReasonConfirmWord = Exclude<keyof ReasonConfirmLabels, 'title' | 'reasonRequired'>;

/**
 * A {@link ReasonConfirmDialog}'s labels from the feature's words (`word('body')` and so on), with
 * its title – which names the thing – and, when the reason is required, the message for none.
 */
export function reasonConfirmLabels(
  title: string,
  word: (key: ReasonConfirmWord) => string,
  reasonRequired?: string,
): ReasonConfirmLabels {
  return {
    title,
    body: word('body'),
    confirm: word('confirm'),
    keep: word('keep'),
    reason: word('reason'),
    reasonHint: word('reasonHint'),
    reasonTooLong: word('reasonTooLong'),
    done: word('done'),
    failed: word('failed'),
    ...(reasonRequired === undefined ? {} : { reasonRequired }),
  };
}

/**
 * Asks before an action that takes a reason (cancelling something others rely on): the reason
 * is checked here (at most 500 characters, required when `labels.reasonRequired` is set), the
 * focus goes to it when it is refused, and the outcome is told in a toast. A 401 is left to the
 * app's session handling; any other failure leaves the list to be read again by the caller's
 * mutation. The dialog closes and forgets the reason either way.
 */
export function ReasonConfirmDialog({
  open,
  reasonId,
  labels,
  pending,
  onConfirm,
  onClose,
}: {
  open: boolean;
  /** The reason field's id (the focus target when it is refused). */
  reasonId: string;
  labels: ReasonConfirmLabels;
  pending: boolean;
  /** Runs the action with the trimmed reason ('' when none was given). */
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    setReason('');
    setProblem(null);
    onClose();
  };

  const confirm = async () => {
    const text = reason.trim();
    const refusal =
      text === '' && labels.reasonRequired !== undefined
        ? labels.reasonRequired
        : text.length > REASON_MAX
          ? labels.reasonTooLong
          : null;
    if (refusal) {
      setProblem(refusal);
      document.getElementById(reasonId)?.focus();
      return;
    }
    try {
      await onConfirm(text);
      toast.add({ severity: 'success', summary: labels.done });
    } catch (error) {
      if (!isUnauthorized(error)) {
        toast.add({ severity: 'error', summary: labels.failed, detail: errorMessage(error) });
      }
    }
    close();
  };

  return (
    <ConfirmDialog
      open={open}
      title={labels.title}
      confirmLabel={labels.confirm}
      cancelLabel={labels.keep}
      pending={pending}
      onConfirm={() => void confirm()}
      onClose={close}
      extra={
        <Field
          id={reasonId}
          label={labels.reason}
          helperText={labels.reasonHint}
          errorText={problem ?? undefined}
          errorPrefix={t('form.errorPrefix')}
        >
          <Textarea value={reason} onChange={(event) => setReason(event.target.value)} rows={3} />
        </Field>
      }
    >
      {labels.body}
    </ConfirmDialog>
  );
}
