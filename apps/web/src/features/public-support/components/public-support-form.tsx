import { Box, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { zodResolver } from '@hookform/resolvers/zod';
import { Field } from '@portal/ui/field';
import { Textarea } from '@portal/ui/textarea';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import * as z from 'zod/mini';
import { ErrorSummary, formSummaryItems, useErrorSummaryFocus } from '#src/components/ui/error-summary.tsx';
import { PageTitle } from '#src/components/ui/page-title.tsx';
import { href } from '#src/config/paths.ts';
import type { Building, PublicRequest } from '../api/public-support-queries.ts';
import { useSubmitPublicRequest } from '../api/use-submit-public-request.ts';
import { MESSAGE_MAX, SUBJECT_MAX } from '../utils/compose-request.ts';
import { BuildingSelect, ContactFields, PUBLIC_FORM_MAX_WIDTH } from './form-parts.tsx';
import { contactSchema, submitFailure } from './form-validation.ts';
import { RequestCreated } from './request-created.tsx';

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

/**
 * `/verejna-podpora/novy`: a question or request to the building's management, without login.
 * Validated on submit (GOV.UK pattern); nothing typed is lost on any error; afterwards the id and
 * access code are shown large and remembered in this browser.
 */
export function PublicSupportForm({ buildings }: { buildings: readonly Building[] }) {
  const { t } = useTranslation(['publicSupport', 'common']);
  const schema = useMemo(() => createSchema(t), [t]);
  const { submit, widget } = useSubmitPublicRequest();
  const summary = useErrorSummaryFocus();
  const [serverError, setServerError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ request: PublicRequest; remembered: boolean; email: string | null } | null>(
    null,
  );

  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const outcome = await submit({
      category: 'support',
      name: values.name,
      ...(values.email ? { email: values.email } : {}),
      ...(values.phone ? { phone: values.phone } : {}),
      ...(values.building ? { building: Number(values.building) } : {}),
      subject: values.subject,
      message: values.message,
    });
    if (outcome.ok) {
      setCreated({ request: outcome.request, remembered: outcome.remembered, email: values.email || null });
      return;
    }
    const failure = submitFailure(t, outcome, SERVER_FIELDS);
    for (const [name, message] of failure.fields) setError(name, { type: 'server', message });
    setServerError(failure.message);
    summary.focus();
  }, summary.focus);

  if (created) {
    return (
      <RequestCreated
        request={created.request}
        title={t('created.title')}
        email={created.email}
        remembered={created.remembered}
        onAnother={() => {
          reset(EMPTY);
          setCreated(null);
        }}
      />
    );
  }

  const items = formSummaryItems(FIELD_IDS, errors, serverError);
  const errorPrefix = t('common:form.errorPrefix');
  return (
    <Box>
      <PageTitle title={t('new.title')} error={items.length > 0} />
      <ErrorSummary ref={summary.ref} title={t('common:form.errorSummaryTitle')} items={items} />
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} mb="2">
        {t('new.title')}
      </Heading>
      <Text mb="6" maxW={PUBLIC_FORM_MAX_WIDTH}>
        {t('new.intro')}
      </Text>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="5" maxW={PUBLIC_FORM_MAX_WIDTH} minW="0">
          <ContactFields ids={FIELD_IDS} register={register} errors={errors} nameOptional={false} />
          <BuildingSelect
            id={FIELD_IDS.building}
            buildings={buildings}
            registration={register('building')}
            errorText={errors.building?.message}
            placeholder={t('fields.buildingNone')}
            optional
          />
          <Field
            id={FIELD_IDS.subject}
            label={t('fields.subject')}
            errorText={errors.subject?.message}
            errorPrefix={errorPrefix}
          >
            <Input {...register('subject')} autoComplete="off" maxLength={SUBJECT_MAX + 50} />
          </Field>
          <Field
            id={FIELD_IDS.message}
            label={t('fields.description')}
            helperText={t('fields.descriptionHint')}
            errorText={errors.message?.message}
            errorPrefix={errorPrefix}
          >
            <Textarea {...register('message')} rows={6} />
          </Field>
          {widget}
          <HStack gap="3" wrap="wrap">
            <Button type="submit" loading={isSubmitting}>
              {t('new.submit')}
            </Button>
            <Button asChild variant="ghost">
              <RouterLink to={href('publicSupport')}>{t('new.back')}</RouterLink>
            </Button>
          </HStack>
        </Stack>
      </form>
    </Box>
  );
}
