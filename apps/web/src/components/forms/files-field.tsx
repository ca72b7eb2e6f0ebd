import { Input, Stack } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { Field } from '@portal/ui/field';
import { toast } from '@portal/ui/toast';
import { useState, type FormEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '#src/components/ui/section.tsx';
import { UploadProgress } from '#src/components/ui/upload-progress.tsx';
import '#src/components/ui/attachments-i18n.ts';
import { ACCEPT_ATTRIBUTE, checkFiles, fileProblemMessage } from '#src/utils/attachment-files.ts';

/**
 * The field to choose attachments in, for every form that uploads files: several at once, of
 * the types the attachments' rules accept (utils/attachment-files.ts).
 */
export function FilesField({
  inputRef,
  onFilesChange,
  ...field
}: {
  id: string;
  label: string;
  optionalText?: string;
  helperText: string;
  errorText: string | undefined;
  errorPrefix: string;
  inputRef?: Ref<HTMLInputElement>;
  /** The files now chosen (none when the choice was cleared). */
  onFilesChange: (files: File[]) => void;
}) {
  return (
    <Field {...field}>
      <Input
        ref={inputRef}
        type="file"
        multiple
        accept={ACCEPT_ATTRIBUTE}
        p="1"
        onChange={(event) => onFilesChange(Array.from(event.currentTarget.files ?? []))}
      />
    </Field>
  );
}

/** A feature's mutation that uploads files with progress (a fraction from 0 to 1). */
export interface AddFilesUpload {
  mutateAsync: (variables: { files: File[]; onProgress: (fraction: number) => void }) => Promise<unknown>;
  isPending: boolean;
}

/** What a failed upload leaves at the field (null: nothing) and whether the focus goes there. */
export interface AddFilesFailure {
  error: string | null;
  focus: boolean;
}

/**
 * More files for an open ticket, a section under its heading („Přidat přílohy“): the files are checked by the
 * attachments' rules first (the reason at the field, which takes the focus), then sent with
 * upload progress; on success the choice is cleared and a toast says so. What a failure shows
 * is the feature's (`onFailure`).
 */
export function AddFilesSection({
  fieldId,
  hint,
  upload,
  onFailure,
}: {
  fieldId: string;
  /** What files may be added, below the field. */
  hint: string;
  /** The feature's upload mutation. */
  upload: AddFilesUpload;
  onFailure: (failure: unknown) => AddFilesFailure;
}) {
  const { t } = useTranslation(['attachments', 'common']);
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [inputKey, setInputKey] = useState(0);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = files.length === 0 ? null : checkFiles(files);
    if (files.length === 0 || problem) {
      setError(problem ? fileProblemMessage(problem) : t('add.none'));
      document.getElementById(fieldId)?.focus();
      return;
    }
    setError(null);
    setProgress(0);
    try {
      await upload.mutateAsync({ files, onProgress: setProgress });
    } catch (failure) {
      setProgress(null);
      const shown = onFailure(failure);
      setError(shown.error);
      if (shown.focus) document.getElementById(fieldId)?.focus();
      return;
    }
    setProgress(null);
    setFiles([]);
    setInputKey((key) => key + 1);
    toast.add({ severity: 'success', summary: t('add.done') });
  };

  return (
    <Section title={t('add.title')}>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <Stack gap="3" maxW="2xl">
          <FilesField
            key={inputKey}
            id={fieldId}
            label={t('add.label')}
            helperText={hint}
            errorText={error ?? undefined}
            errorPrefix={t('common:form.errorPrefix')}
            onFilesChange={(chosen) => {
              setFiles(chosen);
              setError(null);
            }}
          />
          {progress !== null ? <UploadProgress value={progress} /> : null}
          <Button type="submit" alignSelf="flex-start" variant="outline" loading={upload.isPending}>
            {t('add.submit')}
          </Button>
        </Stack>
      </form>
    </Section>
  );
}
