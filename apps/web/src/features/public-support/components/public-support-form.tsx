import { Alert, HStack, Input } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { Field } from '@portal/ui/field';
import { Textarea } from '@portal/ui/textarea';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import * as z from 'zod/mini';
import { UploadProgress } from '#src/components/ui/upload-progress.tsx';
import { href } from '#src/config/paths.ts';
import { errorMessage } from '#src/lib/errors.ts';
import { ACCEPT_ATTRIBUTE, checkFiles, fileProblemMessage } from '#src/utils/attachment-files.ts';
import { uploadPublicAttachments } from '../api/public-support-mutations.ts';
import type { Building } from '../api/public-support-queries.ts';
import { MESSAGE_MAX, SUBJECT_MAX } from '../utils/compose-request.ts';
import { BuildingSelect, ContactFields, PublicFormPage } from './form-parts.tsx';
import { contactSchema } from './form-validation.ts';
import { RequestCreated } from './request-created.tsx';
import { usePublicRequestForm } from './use-public-request-form.ts';

const FIELD_IDS = {
  name: 'public-support-name',
  email: 'public-support-email',
  phone: 'public-support-phone',
  building: 'public-support-building',
  subject: 'public-support-subject',
  message: 'public-support-description',
  files: 'public-support-files',
} as const;

function createSchema(t: TFunction<'publicSupport'>) {
  return z.object({
    ...contactSchema(t, { nameRequired: true }),
    building: z.string(),
    subject: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: t('errors.subjectRequired'), abort: true }),
        z.minLength(3, { error: t('errors.subjectTooShort'), abort: true }),
        z.maxLength(SUBJECT_MAX, { error: t('errors.subjectTooLong') }),
      ),
    message: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: t('errors.descriptionRequired'), abort: true }),
        z.maxLength(MESSAGE_MAX, { error: t('errors.descriptionTooLong') }),
      ),
  });
}
type Schema = ReturnType<typeof createSchema>;

/** The API's field names are this form's. */
const SERVER_FIELDS = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  building: 'building',
  subject: 'subject',
  message: 'message',
} as const;
type Values = z.input<Schema>;

const EMPTY: Values = { name: '', email: '', phone: '', building: '', subject: '', message: '' };
const FORM = { createSchema, empty: EMPTY, fieldIds: FIELD_IDS, serverFields: SERVER_FIELDS };

/**
 * `/verejna-podpora/novy`: a question or request to the building's management, without login,
 * optionally with files (photos, PDF, documents: the attachments' rules). Validated on submit
 * (GOV.UK pattern); nothing typed is lost on any error; the files follow the create with its
 * access code, with progress; afterwards the id and access code are shown large and
 * remembered in this browser.
 */
export function PublicSupportForm({ buildings }: { buildings: readonly Building[] }) {
  const { t } = useTranslation(['publicSupport', 'common']);
  const { form, submitting, feedback, widget, send, finish, created, startOver, summaryItems, fieldProps } =
    usePublicRequestForm(FORM);
  const { register, handleSubmit } = form;
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  /** The files are judged before anything is sent, so a refused one never leaves a request without them. */
  const checkChosenFiles = (): boolean => {
    const problem = checkFiles(files);
    setFilesError(problem ? fileProblemMessage(problem) : null);
    return problem === null;
  };

  const onSubmit = handleSubmit(
    async (values) => {
      if (!checkChosenFiles()) {
        feedback.summary.focus();
        return;
      }
      const outcome = await send({
        category: 'support',
        name: values.name,
        ...(values.email ? { email: values.email } : {}),
        ...(values.phone ? { phone: values.phone } : {}),
        ...(values.building ? { building: Number(values.building) } : {}),
        subject: values.subject,
        message: values.message,
      });
      if (!outcome) return;
      setUploadError(null);
      if (files.length > 0) {
        // After the create, with its access code, as the fault report's photo (upstream.yaml
        // uploadPublicSupportAttachments); the BFF counts it against the visitor's daily volume.
        setProgress(0);
        try {
          await uploadPublicAttachments(outcome.request.id, outcome.request.access_code, files, setProgress);
        } catch (error) {
          // The request exists: it is shown with its code, and the visitor learns the files are missing.
          setUploadError(errorMessage(error));
        }
        setProgress(null);
      }
      finish(outcome, values.email);
    },
    () => {
      checkChosenFiles();
      feedback.summary.focus();
    },
  );

  if (created) {
    return (
      <RequestCreated
        {...created}
        title={t('created.title')}
        notice={
          uploadError ? (
            <Alert.Root status="warning" borderRadius="l2">
              <Alert.Indicator />
              <Alert.Title>{t('created.filesFailed', { message: uploadError })}</Alert.Title>
            </Alert.Root>
          ) : null
        }
        onAnother={() => {
          setFiles([]);
          startOver();
        }}
      />
    );
  }

  const items = summaryItems({ files: filesError ? { message: filesError } : undefined });
  return (
    <PublicFormPage
      title={t('new.title')}
      intro={t('new.intro')}
      feedback={feedback}
      items={items}
      onSubmit={(event) => void onSubmit(event)}
    >
      <ContactFields register={register} fieldProps={fieldProps} nameOptional={false} />
      <BuildingSelect
        field={fieldProps('building', { optional: true })}
        buildings={buildings}
        registration={register('building')}
        placeholder={t('fields.buildingNone')}
      />
      <Field {...fieldProps('subject')} label={t('fields.subject')}>
        <Input {...register('subject')} autoComplete="off" maxLength={SUBJECT_MAX + 50} />
      </Field>
      <Field {...fieldProps('message')} label={t('fields.description')} helperText={t('fields.descriptionHint')}>
        <Textarea {...register('message')} rows={6} />
      </Field>
      <Field
        id={FIELD_IDS.files}
        label={t('fields.files')}
        optionalText={t('common:form.optional')}
        helperText={t('fields.filesHint')}
        errorText={filesError ?? undefined}
        errorPrefix={t('common:form.errorPrefix')}
      >
        <Input
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          p="1"
          onChange={(event) => {
            setFiles([...(event.currentTarget.files ?? [])]);
            setFilesError(null);
          }}
        />
      </Field>
      {widget}
      {progress !== null ? <UploadProgress value={progress} /> : null}
      <HStack gap="3" wrap="wrap">
        <Button type="submit" loading={submitting}>
          {t('new.submit')}
        </Button>
        <Button asChild variant="ghost">
          <RouterLink to={href('publicSupport')}>{t('new.back')}</RouterLink>
        </Button>
      </HStack>
    </PublicFormPage>
  );
}
