import { Box, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { EmptyUploadError } from '@portal/sdk/files';
import { Button } from '@portal/ui/button';
import { Field } from '@portal/ui/field';
import { toast } from '@portal/ui/toast';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextForm, type TextFormOutcome } from '#src/components/forms/text-form.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { UploadProgress } from '#src/components/ui/upload-progress.tsx';
import { errorMessage, isUnauthorized } from '#src/lib/errors.ts';
import { useUploadAttachments } from '../api/attachments.ts';
import { useAddComment, useCloseIncident } from '../api/incident-mutations.ts';
import { checkFiles } from '../utils/incident-validation.ts';

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
  const { t } = useTranslation(['incidents', 'common']);
  const upload = useUploadAttachments(incidentId);
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const headingId = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = files.length === 0 ? { kind: 'none' as const } : checkFiles(files);
    if (problem) {
      setError(
        problem.kind === 'none'
          ? t('upload.noFiles')
          : problem.kind === 'tooMany'
            ? t('form.errors.tooManyFiles')
            : t('form.errors.fileTooLarge', { name: problem.name }),
      );
      document.getElementById('incident-add-files')?.focus();
      return;
    }
    setError(null);
    setProgress(0);
    try {
      await upload.mutateAsync({ files, onProgress: setProgress });
    } catch (failure) {
      setProgress(null);
      if (!isUnauthorized(failure)) {
        toast.add({
          severity: 'error',
          summary: t('upload.failed'),
          ...(failure instanceof EmptyUploadError ? {} : { detail: errorMessage(failure) }),
        });
      }
      return;
    }
    setProgress(null);
    setFiles([]);
    setInputKey((key) => key + 1);
    toast.add({ severity: 'success', summary: t('upload.done') });
  };

  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h2" id={headingId} size="lg" mb="3">
        {t('upload.add')}
      </Heading>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <Stack gap="3" maxW="2xl">
          <Field
            id="incident-add-files"
            label={t('upload.choose')}
            helperText={t('form.attachmentsHint')}
            errorText={error ?? undefined}
            errorPrefix={t('common:form.errorPrefix')}
          >
            <Input
              key={inputKey}
              type="file"
              multiple
              p="1"
              onChange={(event) => {
                setFiles(Array.from(event.currentTarget.files ?? []));
                setError(null);
              }}
            />
          </Field>
          {progress !== null ? <UploadProgress value={progress} /> : null}
          <Button type="submit" alignSelf="flex-start" variant="outline" loading={upload.isPending}>
            {t('upload.submit')}
          </Button>
        </Stack>
      </form>
    </Box>
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
