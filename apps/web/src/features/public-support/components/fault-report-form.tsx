import { Alert, Input } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { Field } from '@portal/ui/field';
import { Textarea } from '@portal/ui/textarea';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { UploadProgress } from '#src/components/ui/upload-progress.tsx';
import { errorMessage } from '#src/lib/errors.ts';
import { uploadPublicAttachments } from '../api/public-support-mutations.ts';
import type { Building } from '../api/public-support-queries.ts';
import { composeFaultReport, LOCATION_MAX, MESSAGE_MAX } from '../utils/compose-request.ts';
import { BuildingSelect, ContactFields, FieldGroup, onlyBuilding, PublicFormPage } from './form-parts.tsx';
import { contactSchema } from './form-validation.ts';
import { OutagesAhead } from '#src/components/outages/outages-ahead.tsx';
import { RequestCreated } from './request-created.tsx';
import { usePublicRequestForm } from './use-public-request-form.ts';

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
/** Browsers outside Apple's name no type for a HEIC photo: judged by its extension then. */
const UNTYPED_PHOTO = /\.(jpe?g|png|gif|webp|heic|heif)$/i;
export function photoProblem(file: File | null): 'notImage' | 'tooLarge' | null {
  if (file === null) return null;
  const image = file.type === '' ? UNTYPED_PHOTO.test(file.name) : file.type.startsWith('image/');
  if (!image || file.type === 'image/svg+xml') return 'notImage';
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
const FORM = { createSchema, empty: EMPTY, fieldIds: FIELD_IDS, serverFields: SERVER_FIELDS };

/**
 * `/hlaseni-poruch`: a short fault report for anyone in the building – where, what, optionally
 * a contact and a photo. Choosing the building first shows the outages already under way there.
 * Delivered as a public support request (category `fault_report`) the reporter can follow.
 */
export function FaultReportForm({ buildings }: { buildings: readonly Building[] }) {
  const { t } = useTranslation(['publicSupport', 'common']);
  // The only building is chosen already (and again after „Odeslat další“).
  const { form, submitting, feedback, widget, send, finish, created, startOver, summaryItems, fieldProps } =
    usePublicRequestForm({ ...FORM, empty: { ...EMPTY, building: onlyBuilding(buildings) } });
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const { register, handleSubmit, watch } = form;
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
      feedback.setServerError(null);
      if (!checkPhoto()) {
        feedback.summary.focus();
        return;
      }
      const building = buildings.find((item) => String(item.id) === values.building);
      const { subject, message } = composeFaultReport({
        buildingName: building?.name ?? '',
        place: values.place,
        what: values.what,
      });
      const outcome = await send({
        category: 'fault_report',
        building: Number(values.building),
        location: values.place,
        subject,
        message,
        ...(values.name ? { name: values.name } : {}),
        ...(values.email ? { email: values.email } : {}),
        ...(values.phone ? { phone: values.phone } : {}),
      });
      if (!outcome) return;
      setUploadError(null);
      if (photo !== null) {
        setProgress(0);
        try {
          await uploadPublicAttachments(outcome.request.id, outcome.request.access_code, [photo], setProgress);
        } catch (error) {
          // The report exists: it is shown with its code, and the reporter learns the photo is missing.
          setUploadError(errorMessage(error));
        }
        setProgress(null);
      }
      finish(outcome, values.email);
    },
    () => {
      checkPhoto();
      feedback.summary.focus();
    },
  );

  if (created) {
    return (
      <RequestCreated
        {...created}
        title={t('created.titleFault')}
        notice={
          uploadError ? (
            <Alert.Root status="warning" borderRadius="l2">
              <Alert.Indicator />
              <Alert.Title>{t('created.photoFailed', { message: uploadError })}</Alert.Title>
            </Alert.Root>
          ) : null
        }
        onAnother={() => {
          setPhoto(null);
          startOver();
        }}
      />
    );
  }

  const items = summaryItems({ photo: photoError ? { message: photoError } : undefined });
  return (
    <PublicFormPage
      title={t('fault.title')}
      intro={t('fault.intro')}
      feedback={feedback}
      items={items}
      onSubmit={(event) => void onSubmit(event)}
    >
      <BuildingSelect field={fieldProps('building')} buildings={buildings} registration={register('building')} />
      <OutagesAhead buildingId={buildingId} />
      <Field {...fieldProps('place')} label={t('fault.place')} helperText={t('fault.placeHint')}>
        <Input {...register('place')} autoComplete="off" maxLength={LOCATION_MAX + 50} />
      </Field>
      <Field {...fieldProps('what')} label={t('fault.what')} helperText={t('fault.whatHint')}>
        <Textarea {...register('what')} rows={5} />
      </Field>
      <Field
        id={FIELD_IDS.photo}
        label={t('fault.photo')}
        optionalText={t('common:form.optional')}
        helperText={t('fault.photoHint')}
        errorText={photoError ?? undefined}
        errorPrefix={t('common:form.errorPrefix')}
      >
        <Input
          type="file"
          // Chromium's picker does not count HEIC as image/* everywhere.
          accept="image/*,.heic,.heif"
          p="1"
          onChange={(event) => {
            setPhoto(event.currentTarget.files?.[0] ?? null);
            setPhotoError(null);
          }}
        />
      </Field>
      <FieldGroup legend={t('fault.contactTitle')} hint={t('fault.contactHint')}>
        <ContactFields register={register} fieldProps={fieldProps} nameOptional />
      </FieldGroup>
      {widget}
      {progress !== null ? <UploadProgress value={progress} /> : null}
      <Button type="submit" alignSelf="flex-start" loading={submitting}>
        {t('fault.submit')}
      </Button>
    </PublicFormPage>
  );
}
