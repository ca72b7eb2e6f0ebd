import { Box, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Profile } from '@portal/sdk/client';
import { Field } from '@portal/ui/field';
import { toast } from '@portal/ui/toast';
import type { TFunction } from 'i18next';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { ErrorSummary, formSummaryItems, useErrorSummaryFocus } from '#src/components/ui/error-summary.tsx';
import { errorMessage, serverFieldErrors } from '#src/lib/errors.ts';
import { formatPhone, NBSP } from '#src/lib/format.ts';
import { isPlausiblePhone } from '#src/utils/contact.ts';
import { useUpdateProfile } from '../api/profile.ts';

const FIELD_IDS = { first_name: 'profile-first-name', last_name: 'profile-last-name', phone: 'profile-phone' } as const;
const FIELDS = Object.keys(FIELD_IDS) as (keyof typeof FIELD_IDS)[];
const NAME_MAX = 150;

function createSchema(t: TFunction<'profile'>) {
  return z.object({
    first_name: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: t('details.errors.firstNameRequired'), abort: true }),
        z.maxLength(NAME_MAX, { error: t('details.errors.firstNameTooLong') }),
      ),
    last_name: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: t('details.errors.lastNameRequired'), abort: true }),
        z.maxLength(NAME_MAX, { error: t('details.errors.lastNameTooLong') }),
      ),
    // Optional: an empty field removes the phone (incidents then use nothing).
    phone: z.string().check(
      z.trim(),
      z.refine((value) => value === '' || isPlausiblePhone(value), { error: t('details.errors.phoneInvalid') }),
    ),
  });
}
type Schema = ReturnType<typeof createSchema>;

/** Name and contact phone, editable; the e-mail is the login and is only shown. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation(['profile', 'common']);
  const schema = useMemo(() => createSchema(t), [t]);
  const update = useUpdateProfile();
  const [serverError, setServerError] = useState<string | null>(null);
  const summary = useErrorSummaryFocus();
  const headingId = useId();

  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      first_name: profile.first_name,
      last_name: profile.last_name,
      phone: profile.phone ? formatPhone(profile.phone).replaceAll(NBSP, ' ') : '',
    },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    let saved: Profile;
    try {
      saved = await update.mutateAsync({ body: { ...values, phone: values.phone || null } });
    } catch (error) {
      for (const [name, message] of serverFieldErrors(error, FIELDS)) setError(name, { type: 'server', message });
      setServerError(errorMessage(error));
      summary.focus();
      return;
    }
    // The form now shows what the server stored (trimmed, normalised).
    reset({
      first_name: saved.first_name,
      last_name: saved.last_name,
      phone: saved.phone ? formatPhone(saved.phone).replaceAll(NBSP, ' ') : '',
    });
    toast.add({ severity: 'success', summary: t('details.saved'), group: 'profile' });
  }, summary.focus);

  const errorPrefix = t('common:form.errorPrefix');
  return (
    <Box as="section" aria-labelledby={headingId}>
      <ErrorSummary
        ref={summary.ref}
        title={t('common:form.errorSummaryTitle')}
        items={formSummaryItems(FIELD_IDS, errors, serverError)}
      />
      <Heading as="h2" id={headingId} size="xl" mb="2">
        {t('details.title')}
      </Heading>
      <Text mb="5" color="fg.muted">
        {t('details.intro')}
      </Text>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="5" maxW="md">
          <Field
            id={FIELD_IDS.first_name}
            label={t('details.firstName')}
            errorText={errors.first_name?.message}
            errorPrefix={errorPrefix}
          >
            <Input {...register('first_name')} autoComplete="given-name" />
          </Field>
          <Field
            id={FIELD_IDS.last_name}
            label={t('details.lastName')}
            errorText={errors.last_name?.message}
            errorPrefix={errorPrefix}
          >
            <Input {...register('last_name')} autoComplete="family-name" />
          </Field>
          <Field
            id="profile-email"
            label={t('details.email')}
            helperText={t('details.emailHint')}
            errorPrefix={errorPrefix}
          >
            <Input value={profile.email} readOnly type="email" bg="bg.muted" />
          </Field>
          <Field
            id={FIELD_IDS.phone}
            label={t('details.phone')}
            optionalText={t('common:form.optional')}
            helperText={t('details.phoneHint')}
            errorText={errors.phone?.message}
            errorPrefix={errorPrefix}
          >
            <Input {...register('phone')} type="tel" autoComplete="tel" />
          </Field>
          <Button type="submit" alignSelf="flex-start" loading={isSubmitting}>
            {t('details.submit')}
          </Button>
        </Stack>
      </form>
    </Box>
  );
}
