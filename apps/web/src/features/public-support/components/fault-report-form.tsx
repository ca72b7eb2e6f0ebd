import { Alert, Box, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { zodResolver } from '@hookform/resolvers/zod';
import { Field } from '@portal/ui/field';
import { Textarea } from '@portal/ui/textarea';
import type { TFunction } from 'i18next';
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { ErrorSummary, formSummaryItems, useErrorSummaryFocus } from '#src/components/ui/error-summary.tsx';
import { PageTitle } from '#src/components/ui/page-title.tsx';
import { UploadProgress } from '#src/components/ui/upload-progress.tsx';
import { errorMessage } from '#src/lib/errors.ts';
import { uploadPublicAttachments } from '../api/public-support-mutations.ts';
import type { Building, PublicRequest } from '../api/public-support-queries.ts';
import { useSubmitPublicRequest } from '../api/use-submit-public-request.ts';
import { composeFaultReport, LOCATION_MAX, MESSAGE_MAX } from '../utils/compose-request.ts';
import { BuildingSelect, ContactFields, FieldGroup, PUBLIC_FORM_MAX_WIDTH } from './form-parts.tsx';
import { contactSchema, submitFailure } from './form-validation.ts';
import { OngoingOutages } from './ongoing-outages.tsx';
import { RequestCreated } from './request-created.tsx';

const FIELD_IDS = {
  building: 'fault-building',
  place: 'fault-place',
  what: 'fault-what',
  photo: 'fault-photo',
  name: 'fault-name',
  email: 'fault-email',
  phone: 'fault-phone',
} as const;

/** API field → form field (the subject is composed from the form, so its errors go to `what`). */
const SERVER_FIELDS = {
  building: 'building',
  location: 'place',
  message: 'what',
  subject: 'what',
  name: 'name',
  email: 'email',
  phone: 'phone',
} as const;

/** Mirrors the API's attachment rules for the one photo: an image (not SVG) of at most 10 MB. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export function photoProblem(file: File | null): 'notImage' | 'tooLarge' | null {
  if (file === null) return null;
  if (!file.type.startsWith('image/') || file.type === 'image/svg+xml') return 'notImage';
  return file.size > PHOTO_MAX_BYTES ? 'tooLarge' : null;
}

function createSchema(t: TFunction<'publicSupport'>) {
  return z.object({
    building: z.string().check(z.minLength(1, { error: t('errors.buildingRequired') })),
    place: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: t('fault.placeRequired'), abort: true }),
        z.maxLength(LOCATION_MAX, { error: t('fault.placeTooLong') }),
      ),
    what: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: t('fault.whatRequired'), abort: true }),
        z.maxLength(MESSAGE_MAX, { error: t('fault.whatTooLong') }),
      ),
    ...contactSchema(t, { nameRequired: false }),
  });
}
type Schema = ReturnType<typeof createSchema>;
type Values = z.input<Schema>;

const EMPTY: Values = { building: '', place: '', what: '', name: '', email: '', phone: '' };

interface Created {
  request: PublicRequest;
  remembered: boolean;
  email: string | null;
  photoError: string | null;
}

/**
 * `/hlaseni-poruch`: a short fault report for anyone in the building – where, what, optionally
 * a contact and a photo. Choosing the building first shows the outages already under way there.
 * Delivered as a public support request (category `fault_report`) the reporter can follow.
 */
export function FaultReportForm({ buildings }: { buildings: readonly Building[] }) {
  const { t } = useTranslation(['publicSupport', 'common']);
  const schema = useMemo(() => createSchema(t), [t]);
  const { submit, widget } = useSubmitPublicRequest();
  const summary = useErrorSummaryFocus();
  const [serverError, setServerError] = useState<string | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [created, setCreated] = useState<Created | null>(null);
  const photoInput = useRef<HTMLInputElement>(null);

  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const buildingValue = watch('building');
  const buildingId = buildingValue ? Number(buildingValue) : null;

  const checkPhoto = (): boolean => {
    const problem = photoProblem(photo);
    setPhotoError(
      problem === 'notImage' ? t('fault.photoNotImage') : problem === 'tooLarge' ? t('fault.photoTooLarge') : null,
    );
    return problem === null;
  };

  const onSubmit = handleSubmit(
    async (values) => {
      setServerError(null);
      if (!checkPhoto()) {
        summary.focus();
        return;
      }
      const building = buildings.find((item) => String(item.id) === values.building);
      const { subject, message } = composeFaultReport({
        buildingName: building?.name ?? '',
        place: values.place,
        what: values.what,
      });
      const outcome = await submit({
        category: 'fault_report',
        building: Number(values.building),
        location: values.place,
        subject,
        message,
        ...(values.name ? { name: values.name } : {}),
        ...(values.email ? { email: values.email } : {}),
        ...(values.phone ? { phone: values.phone } : {}),
      });
      if (!outcome.ok) {
        const failure = submitFailure(t, outcome, SERVER_FIELDS);
        for (const [name, text] of failure.fields) setError(name, { type: 'server', message: text });
        setServerError(failure.message);
        summary.focus();
        return;
      }
      let uploadError: string | null = null;
      if (photo !== null) {
        setProgress(0);
        try {
          await uploadPublicAttachments(outcome.request.id, outcome.request.access_code, [photo], setProgress);
        } catch (error) {
          // The report exists: it is shown with its code, and the reporter learns the photo is missing.
          uploadError = errorMessage(error);
        }
        setProgress(null);
      }
      setCreated({
        request: outcome.request,
        remembered: outcome.remembered,
        email: values.email || null,
        photoError: uploadError,
      });
    },
    () => {
      checkPhoto();
      summary.focus();
    },
  );

  if (created) {
    return (
      <RequestCreated
        request={created.request}
        title={t('created.titleFault')}
        email={created.email}
        remembered={created.remembered}
        notice={
          created.photoError ? (
            <Alert.Root status="warning" borderRadius="l2">
              <Alert.Indicator />
              <Alert.Title>{t('created.photoFailed', { message: created.photoError })}</Alert.Title>
            </Alert.Root>
          ) : null
        }
        onAnother={() => {
          reset(EMPTY);
          setPhoto(null);
          setCreated(null);
        }}
      />
    );
  }

  const items = formSummaryItems(
    FIELD_IDS,
    { ...errors, photo: photoError ? { message: photoError } : undefined },
    serverError,
  );
  const errorPrefix = t('common:form.errorPrefix');
  return (
    <Box>
      <PageTitle title={t('fault.title')} error={items.length > 0} />
      <ErrorSummary ref={summary.ref} title={t('common:form.errorSummaryTitle')} items={items} />
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} mb="2">
        {t('fault.title')}
      </Heading>
      <Text mb="6" maxW={PUBLIC_FORM_MAX_WIDTH}>
        {t('fault.intro')}
      </Text>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="5" maxW={PUBLIC_FORM_MAX_WIDTH} minW="0">
          <BuildingSelect
            id={FIELD_IDS.building}
            buildings={buildings}
            registration={register('building')}
            errorText={errors.building?.message}
            placeholder={t('fields.buildingPlaceholder')}
          />
          <OngoingOutages buildingId={buildingId} />
          <Field
            id={FIELD_IDS.place}
            label={t('fault.place')}
            helperText={t('fault.placeHint')}
            errorText={errors.place?.message}
            errorPrefix={errorPrefix}
          >
            <Input {...register('place')} autoComplete="off" maxLength={LOCATION_MAX + 50} />
          </Field>
          <Field
            id={FIELD_IDS.what}
            label={t('fault.what')}
            helperText={t('fault.whatHint')}
            errorText={errors.what?.message}
            errorPrefix={errorPrefix}
          >
            <Textarea {...register('what')} rows={5} />
          </Field>
          <Field
            id={FIELD_IDS.photo}
            label={t('fault.photo')}
            optionalText={t('common:form.optional')}
            helperText={t('fault.photoHint')}
            errorText={photoError ?? undefined}
            errorPrefix={errorPrefix}
          >
            <Input
              ref={photoInput}
              type="file"
              accept="image/*"
              p="1"
              onChange={(event) => {
                setPhoto(event.currentTarget.files?.[0] ?? null);
                setPhotoError(null);
              }}
            />
          </Field>
          <FieldGroup legend={t('fault.contactTitle')} hint={t('fault.contactHint')}>
            <ContactFields ids={FIELD_IDS} register={register} errors={errors} nameOptional />
          </FieldGroup>
          {widget}
          {progress !== null ? <UploadProgress value={progress} /> : null}
          <Button type="submit" alignSelf="flex-start" loading={isSubmitting}>
            {t('fault.submit')}
          </Button>
        </Stack>
      </form>
    </Box>
  );
}
