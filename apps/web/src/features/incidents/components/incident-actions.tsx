import { Box, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { Field } from '@portal/ui/field';
import { Textarea } from '@portal/ui/textarea';
import { toast } from '@portal/ui/toast';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isUnauthorized } from '#src/lib/errors.ts';
import { useAddComment, useCloseIncident } from '../api/incident-mutations.ts';
import { EmptyUploadError } from '@portal/sdk/files';
import { useUploadAttachments } from '../api/attachments.ts';
import { checkFiles } from '../utils/incident-validation.ts';
import { UploadProgress } from '#src/components/ui/upload-progress.tsx';

/** Add a comment; success and failure toasts use the spec's wording (§8). */
export function CommentForm({ incidentId }: { incidentId: number }) {
  const { t } = useTranslation(['incidents', 'common']);
  const add = useAddComment(incidentId);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) {
      setError(t('comment.required'));
      document.getElementById('incident-comment')?.focus();
      return;
    }
    setError(null);
    try {
      await add.mutateAsync(body.trim());
    } catch (failure) {
      // An ended session is handled globally (login, then back here with the text lost only on purpose).
      if (!isUnauthorized(failure))
        toast.add({ severity: 'error', summary: t('comment.failed'), detail: errorMessage(failure) });
      return;
    }
    setBody('');
    toast.add({ severity: 'success', summary: t('comment.added') });
  };

  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h2" id={headingId} size="lg" mb="3">
        {t('comment.title')}
      </Heading>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <Stack gap="3" maxW="2xl">
          <Field
            id="incident-comment"
            label={t('comment.label')}
            errorText={error ?? undefined}
            errorPrefix={t('common:form.errorPrefix')}
          >
            <Textarea value={body} onChange={(event) => setBody(event.target.value)} rows={4} />
          </Field>
          <Button type="submit" alignSelf="flex-start" loading={add.isPending}>
            {t('comment.submit')}
          </Button>
        </Stack>
      </form>
    </Box>
  );
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

/** Close the ticket with a resolution (spec §3, §8 toasts). */
export function CloseIncidentForm({ incidentId }: { incidentId: number }) {
  const { t } = useTranslation(['incidents', 'common']);
  const close = useCloseIncident(incidentId);
  const [resolution, setResolution] = useState('');
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!resolution.trim()) {
      setError(t('close.required'));
      document.getElementById('incident-resolution')?.focus();
      return;
    }
    setError(null);
    try {
      await close.mutateAsync(resolution.trim());
    } catch (failure) {
      if (!isUnauthorized(failure))
        toast.add({ severity: 'error', summary: t('close.failed'), detail: errorMessage(failure) });
      return;
    }
    toast.add({ severity: 'success', summary: t('close.closed') });
  };

  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h2" id={headingId} size="lg" mb="3">
        {t('close.title')}
      </Heading>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <Stack gap="3" maxW="2xl">
          <Field
            id="incident-resolution"
            label={t('close.label')}
            helperText={t('close.hint')}
            errorText={error ?? undefined}
            errorPrefix={t('common:form.errorPrefix')}
          >
            <Textarea value={resolution} onChange={(event) => setResolution(event.target.value)} rows={3} />
          </Field>
          <Button type="submit" alignSelf="flex-start" colorPalette="red" variant="outline" loading={close.isPending}>
            {t('close.submit')}
          </Button>
        </Stack>
      </form>
    </Box>
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
