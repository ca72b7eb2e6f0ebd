import { HStack, Input } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { Field } from '@portal/ui/field';
import { Textarea } from '@portal/ui/textarea';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import * as z from 'zod/mini';
import { href } from '#src/config/paths.ts';
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
 * `/verejna-podpora/novy`: a question or request to the building's management, without login.
 * Validated on submit (GOV.UK pattern); nothing typed is lost on any error; afterwards the id and
 * access code are shown large and remembered in this browser.
 */
export function PublicSupportForm({ buildings }: { buildings: readonly Building[] }) {
  const { t } = useTranslation(['publicSupport', 'common']);
  const { form, submitting, feedback, widget, send, finish, created, startOver, summaryItems, fieldProps } =
    usePublicRequestForm(FORM);
  const { register, handleSubmit } = form;

  const onSubmit = handleSubmit(async (values) => {
    const outcome = await send({
      category: 'support',
      name: values.name,
      ...(values.email ? { email: values.email } : {}),
      ...(values.phone ? { phone: values.phone } : {}),
      ...(values.building ? { building: Number(values.building) } : {}),
      subject: values.subject,
      message: values.message,
    });
    if (outcome) finish(outcome, values.email);
  }, feedback.summary.focus);

  if (created) return <RequestCreated {...created} title={t('created.title')} onAnother={startOver} />;

  return (
    <PublicFormPage
      title={t('new.title')}
      intro={t('new.intro')}
      feedback={feedback}
      items={summaryItems()}
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
      {widget}
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
