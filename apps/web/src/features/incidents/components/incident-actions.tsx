import { Text } from '@chakra-ui/react';
import { EmptyUploadError } from '@portal/sdk/files';
import { toast } from '@portal/ui/toast';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddFilesSection, type AddFilesFailure } from '#src/components/forms/files-field.tsx';
import { TextForm, type TextFormOutcome } from '#src/components/forms/text-form.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { errorMessage, isUnauthorized, serverFieldErrors } from '#src/lib/errors.ts';
import { useUploadAttachments } from '../api/attachments.ts';
import { useAddComment, useCloseIncident } from '../api/incident-mutations.ts';

/** Add a comment; success and failure toasts use the wording of docs/product.md §8. */
export function CommentForm({ incidentId }: { incidentId: number }) {
  const { t } = useTranslation('incidents');
  const add = useAddComment(incidentId);
  const check = useCallback((text: string) => (text === '' ? t('comment.required') : null), [t]);
  return (
    <TextForm
      fieldId="incident-comment"
      title={t('comment.title')}
      label={t('comment.label')}
      rows={4}
      check={check}
      submitLabel={t('comment.submit')}
      pending={add.isPending}
      send={async (text) => {
        try {
          await add.mutateAsync(text);
        } catch (failure) {
          // An ended session is handled globally (login, then back here with the text lost only on purpose).
          failureToast(t('comment.failed'), failure);
          return { ok: false };
        }
        toast.add({ severity: 'success', summary: t('comment.added') });
        return { ok: true, clear: true };
      }}
    />
  );
}

/** The error toast of a failed action, unless the session ended (the app's error handler goes to the login). */
function failureToast(summary: string, failure: unknown) {
  if (!isUnauthorized(failure)) toast.add({ severity: 'error', summary, detail: errorMessage(failure) });
}

/** More files for an open ticket, with upload progress. */
export function AddAttachmentsForm({ incidentId }: { incidentId: number }) {
  const { t } = useTranslation('incidents');
  const upload = useUploadAttachments(incidentId);
  const onFailure = (failure: unknown): AddFilesFailure => {
    if (isUnauthorized(failure)) return { error: null, focus: false };
    // The server's reason at the field (which file, why) when it gave one.
    const [reason] = serverFieldErrors(failure, ['files'] as const);
    toast.add({
      severity: 'error',
      summary: t('upload.failed'),
      ...(failure instanceof EmptyUploadError ? {} : { detail: reason?.[1] ?? errorMessage(failure) }),
    });
    return { error: reason?.[1] ?? null, focus: false };
  };

  return (
    <AddFilesSection
      fieldId="incident-add-files"
      hint={t('form.attachmentsHint')}
      upload={upload}
      onFailure={onFailure}
    />
  );
}

/** The question the close form waits on: the resolution typed and how the form's send ends. */
interface CloseQuestion {
  text: string;
  answer: (outcome: TextFormOutcome) => void;
}

/**
 * Close the ticket with a resolution (docs/product.md §3; toasts of §8). Closing is final, so it
 * asks first – and says so louder while the staff are working on the ticket.
 */
export function CloseIncidentForm({ incidentId, inProgress }: { incidentId: number; inProgress: boolean }) {
  const { t } = useTranslation('incidents');
  const close = useCloseIncident(incidentId);
  const [question, setQuestion] = useState<CloseQuestion | null>(null);
  const check = useCallback((text: string) => (text === '' ? t('close.required') : null), [t]);
  const settle = (outcome: TextFormOutcome) => {
    question?.answer(outcome);
    setQuestion(null);
  };
  const onConfirm = async () => {
    if (question === null) return;
    try {
      await close.mutateAsync(question.text);
    } catch (failure) {
      failureToast(t('close.failed'), failure);
      settle({ ok: false });
      return;
    }
    toast.add({ severity: 'success', summary: t('close.closed') });
    settle({ ok: true, clear: false });
  };
  return (
    <>
      <TextForm
        fieldId="incident-resolution"
        title={t('close.title')}
        label={t('close.label')}
        hint={t('close.hint')}
        rows={3}
        check={check}
        submitLabel={t('close.submit')}
        submitProps={{ colorPalette: 'red', variant: 'outline' }}
        pending={close.isPending || question !== null}
        send={(text) => new Promise<TextFormOutcome>((answer) => setQuestion({ text, answer }))}
      />
      <ConfirmDialog
        open={question !== null}
        title={t('close.confirmTitle')}
        confirmLabel={t('close.confirm')}
        cancelLabel={t('close.keepOpen')}
        pending={close.isPending}
        onConfirm={() => void onConfirm()}
        onClose={() => settle({ ok: false })}
      >
        {inProgress ? `${t('close.inProgress')} ${t('close.final')}` : t('close.final')}
      </ConfirmDialog>
    </>
  );
}

/**
 * Says the incident is closed. With `takeFocus` (it has just replaced the forms on an open page)
 * it takes the focus if the forms had it – it would otherwise fall to the document's body – and
 * leaves it alone wherever else it is (the operator may close the incident while it is read).
 */
export function ClosedNote({ takeFocus = false }: { takeFocus?: boolean }) {
  const { t } = useTranslation('incidents');
  const note = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (takeFocus && lost) note.current?.focus();
  }, [takeFocus]);
  return (
    <Text ref={note} color="fg.muted" tabIndex={-1}>
      {t('detail.closedNote')}
    </Text>
  );
}
