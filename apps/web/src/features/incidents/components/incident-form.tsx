import { Box, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { Field } from '@portal/ui/field';
import { Textarea } from '@portal/ui/textarea';
import { toast } from '@portal/ui/toast';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { FilesField } from '#src/components/forms/files-field.tsx';
import { SelectInput } from '#src/components/forms/inputs.tsx';
import { useZodForm } from '#src/components/forms/use-zod-form.ts';
import { OutagesAhead } from '#src/components/outages/outages-ahead.tsx';
import { ErrorSummary, formSummaryItems, useErrorSummaryFocus } from '#src/components/ui/error-summary.tsx';
import { href } from '#src/config/paths.ts';
import { errorMessage, isUnauthorized, serverFieldErrors } from '#src/lib/errors.ts';
import { isPlausiblePhone } from '#src/utils/contact.ts';
import type { Building } from '../api/incident-queries.ts';
import { PRIORITIES } from '../api/incident-queries.ts';
import { useCreateIncident } from '../api/incident-mutations.ts';
import { EmptyUploadError } from '@portal/sdk/files';
import { useUploadAttachments } from '../api/attachments.ts';
import { clearDraft, readDraft, writeDraft, type IncidentDraft } from '../utils/incident-draft.ts';
import { checkFiles, fileProblemMessage } from '#src/utils/attachment-files.ts';
import { SUBJECT_MAX } from '../utils/incident-validation.ts';
import { UploadProgress } from '#src/components/ui/upload-progress.tsx';

export const INCIDENT_FIELD_IDS = {
  subject: 'incident-subject',
  building: 'incident-building',
  priority: 'incident-priority',
  description: 'incident-description',
  contact_phone: 'incident-phone',
  files: 'incident-files',
} as const;
type FieldName = keyof typeof INCIDENT_FIELD_IDS;
const SERVER_FIELDS = Object.keys(INCIDENT_FIELD_IDS) as FieldName[];

function createSchema(t: TFunction<'incidents'>) {
  return z.object({
    subject: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: t('form.errors.subjectRequired'), abort: true }),
        z.maxLength(SUBJECT_MAX, { error: t('form.errors.subjectTooLong') }),
      ),
    building: z.string().check(z.minLength(1, { error: t('form.errors.buildingRequired') })),
    priority: z.enum(PRIORITIES),
    description: z.string().check(z.trim(), z.minLength(1, { error: t('form.errors.descriptionRequired') })),
    contact_phone: z.string().check(
      z.trim(),
      z.refine((value) => value === '' || isPlausiblePhone(value), { error: t('form.errors.phoneInvalid') }),
    ),
  });
}
export type IncidentFormSchema = ReturnType<typeof createSchema>;

const EMPTY: IncidentDraft = { subject: '', building: '', priority: 'standard', description: '', contact_phone: '' };

/**
 * The new-incident form. Validated on submit (GOV.UK pattern); what the user types is kept in
 * a sessionStorage draft (`draftKey`) so a failed submit or an expired session loses nothing.
 * After the create, the chosen files are uploaded with a progress bar.
 */
export function IncidentForm({ buildings, draftKey }: { buildings: Building[]; draftKey: string }) {
  const { t } = useTranslation(['incidents', 'common']);
  const schema = useMemo(() => createSchema(t), [t]);
  const navigate = useNavigate();
  const create = useCreateIncident();
  const upload = useUploadAttachments(null);
  const summary = useErrorSummaryFocus();
  const [serverError, setServerError] = useState<string | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // The incident created by a submit whose upload then failed: a retry uploads only the files,
  // to this incident, and never creates another.
  const [createdId, setCreatedId] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // Read once: the restored draft is the form's starting point.
  const [restored] = useState(() => readDraft(draftKey));

  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useZodForm(schema, {
    ...EMPTY,
    // The only building is chosen already.
    building: buildings.length === 1 && buildings[0] ? String(buildings[0].id) : '',
    ...restored,
    priority: PRIORITIES.find((p) => p === restored?.priority) ?? 'standard',
  });

  // Every keystroke goes to the draft; a subscription, not state, so typing does not re-render.
  useEffect(() => {
    const subscription = watch((values) => writeDraft(draftKey, { ...EMPTY, ...(values as Partial<IncidentDraft>) }));
    return () => subscription.unsubscribe();
  }, [watch, draftKey]);

  const validateFiles = (): boolean => {
    const problem = checkFiles(files);
    const message = problem ? fileProblemMessage(problem) : null;
    setFileError(message);
    return message === null;
  };

  /** Uploads the files to the created incident; false (the form stays) when that failed. */
  const uploadTo = async (ticketId: number): Promise<boolean> => {
    if (files.length === 0) return true;
    setProgress(0);
    try {
      await upload.mutateAsync({ ticketId, files, onProgress: setProgress });
      return true;
    } catch (error) {
      setProgress(null);
      setCreatedId(ticketId);
      if (isUnauthorized(error)) return false;
      // The server's reason at the field (which file, why), else its message.
      const [reason] = serverFieldErrors(error, ['files'] as const);
      setFileError(reason?.[1] ?? (error instanceof EmptyUploadError ? t('upload.failed') : errorMessage(error)));
      summary.focus();
      return false;
    }
  };

  const onSubmit = handleSubmit(
    async (values) => {
      setServerError(null);
      if (!validateFiles()) {
        summary.focus();
        return;
      }
      let ticketId = createdId;
      if (ticketId === null) {
        try {
          const ticket = await create.mutateAsync({
            subject: values.subject,
            building: Number(values.building),
            priority: values.priority,
            description: values.description,
            ...(values.contact_phone ? { contact_phone: values.contact_phone } : {}),
          });
          ticketId = ticket.id;
        } catch (error) {
          for (const [name, message] of serverFieldErrors(error, SERVER_FIELDS)) {
            if (name === 'files') setFileError(message);
            else setError(name, { type: 'server', message });
          }
          setServerError(errorMessage(error));
          summary.focus();
          return;
        }
        clearDraft(draftKey);
      }
      if (!(await uploadTo(ticketId))) return;
      toast.add({ severity: 'success', summary: createdId === null ? t('form.created') : t('upload.done') });
      await navigate(href('incidentDetail', { id: ticketId }));
    },
    () => {
      validateFiles();
      summary.focus();
    },
  );

  const errorPrefix = t('common:form.errorPrefix');
  const chosenBuilding = watch('building');
  const allErrors = { ...errors, files: fileError ? { message: fileError } : undefined };
  return (
    <Box>
      <ErrorSummary
        ref={summary.ref}
        title={t('common:form.errorSummaryTitle')}
        items={formSummaryItems(INCIDENT_FIELD_IDS, allErrors, serverError)}
      />
      {restored ? (
        <Box role="status" borderWidth="1px" borderColor="border.info" bg="bg.info" borderRadius="l2" p="3" mb="5">
          <Text>{t('form.draftRestored')}</Text>
          <Text textStyle="sm">{t('form.draftFilesNote')}</Text>
        </Box>
      ) : null}
      {createdId !== null ? (
        <Box
          role="status"
          borderWidth="1px"
          borderColor="border.warning"
          bg="bg.warning"
          borderRadius="l2"
          p="3"
          mb="5"
        >
          <Text fontWeight="semibold">{t('form.uploadFailedTitle', { id: createdId })}</Text>
          <Text textStyle="sm">{t('form.uploadFailedHint')}</Text>
        </Box>
      ) : null}
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <Stack gap="5" maxW="2xl" minW="0">
          <Field
            id={INCIDENT_FIELD_IDS.subject}
            label={t('form.subject')}
            errorText={errors.subject?.message}
            errorPrefix={errorPrefix}
          >
            <Input {...register('subject')} autoComplete="off" maxLength={SUBJECT_MAX + 50} />
          </Field>
          <Field
            minW="0"
            id={INCIDENT_FIELD_IDS.building}
            label={t('form.building')}
            errorText={errors.building?.message}
            errorPrefix={errorPrefix}
          >
            <SelectInput
              id={INCIDENT_FIELD_IDS.building}
              {...register('building')}
              placeholder={t('form.buildingPlaceholder')}
              options={buildings.map((building) => ({
                value: String(building.id),
                label: `${building.name}, ${building.city}`,
              }))}
            />
          </Field>
          <OutagesAhead buildingId={chosenBuilding ? Number(chosenBuilding) : null} />
          <Field
            id={INCIDENT_FIELD_IDS.priority}
            label={t('form.priority')}
            errorText={errors.priority?.message}
            errorPrefix={errorPrefix}
          >
            <SelectInput
              id={INCIDENT_FIELD_IDS.priority}
              {...register('priority')}
              options={PRIORITIES.map((priority) => ({ value: priority, label: t(`priority.${priority}`) }))}
            />
          </Field>
          <Field
            id={INCIDENT_FIELD_IDS.description}
            label={t('form.description')}
            helperText={t('form.descriptionHint')}
            errorText={errors.description?.message}
            errorPrefix={errorPrefix}
          >
            <Textarea {...register('description')} rows={6} />
          </Field>
          <Field
            id={INCIDENT_FIELD_IDS.contact_phone}
            label={t('form.phone')}
            optionalText={t('common:form.optional')}
            helperText={t('form.phoneHint')}
            errorText={errors.contact_phone?.message}
            errorPrefix={errorPrefix}
          >
            <Input {...register('contact_phone')} type="tel" autoComplete="tel" />
          </Field>
          <FilesField
            id={INCIDENT_FIELD_IDS.files}
            label={t('form.attachments')}
            optionalText={t('common:form.optional')}
            helperText={t('form.attachmentsHint')}
            errorText={fileError ?? undefined}
            errorPrefix={errorPrefix}
            inputRef={fileInput}
            onFilesChange={(chosen) => {
              setFiles(chosen);
              setFileError(null);
            }}
          />
          {files.length > 0 ? (
            <Text textStyle="sm" color="fg.muted">
              {t('upload.selected', { count: files.length })}: {files.map((file) => file.name).join(', ')}
            </Text>
          ) : null}
          {progress !== null ? <UploadProgress value={progress} /> : null}
          <HStack gap="3" wrap="wrap">
            <Button type="submit" loading={isSubmitting}>
              {createdId === null ? t('form.submit') : t('form.uploadRetry', { id: createdId })}
            </Button>
            {createdId === null ? (
              <Button asChild variant="ghost">
                <RouterLink to={href('incidents')}>{t('form.cancel')}</RouterLink>
              </Button>
            ) : (
              <Button asChild variant="ghost">
                <RouterLink to={href('incidentDetail', { id: createdId })}>{t('form.continueWithout')}</RouterLink>
              </Button>
            )}
          </HStack>
        </Stack>
      </form>
    </Box>
  );
}

export function IncidentFormHeading() {
  const { t } = useTranslation('incidents');
  return (
    <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
      {t('form.title')}
    </Heading>
  );
}
