import { Input } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import type { Profile } from '@portal/sdk/client';
import { Field } from '@portal/ui/field';
import { toast } from '@portal/ui/toast';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { SectionForm } from '#src/components/forms/form-section.tsx';
import { useSubmitFeedback, useZodForm } from '#src/components/forms/use-zod-form.ts';
import { formatPhone, NBSP } from '#src/lib/format.ts';
import { isPlausiblePhone } from '#src/utils/contact.ts';
import { useUpdateProfile } from '../api/profile.ts';

const FIELD_IDS = { first_name: 'profile-first-name', last_name: 'profile-last-name', phone: 'profile-phone' } as const;
/** The API's field names are this form's. */
const SERVER_FIELDS = { first_name: 'first_name', last_name: 'last_name', phone: 'phone' } as const;
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

/** Name and contact phone, editable; the e-mail is the login and is only shown. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation(['profile', 'common']);
  const schema = useMemo(() => createSchema(t), [t]);
  const update = useUpdateProfile();
  const feedback = useSubmitFeedback();

  const form = useZodForm(schema, {
    first_name: profile.first_name,
    last_name: profile.last_name,
    phone: profile.phone ? formatPhone(profile.phone).replaceAll(NBSP, ' ') : '',
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    feedback.setServerError(null);
    let saved: Profile;
    try {
      saved = await update.mutateAsync({ body: { ...values, phone: values.phone || null } });
    } catch (error) {
      feedback.fail(error, form.setError, SERVER_FIELDS);
      return;
    }
    // The form now shows what the server stored (trimmed, normalised).
    form.reset({
      first_name: saved.first_name,
      last_name: saved.last_name,
      phone: saved.phone ? formatPhone(saved.phone).replaceAll(NBSP, ' ') : '',
    });
    toast.add({ severity: 'success', summary: t('details.saved'), group: 'profile' });
  }, feedback.summary.focus);

  const errorPrefix = t('common:form.errorPrefix');
  return (
    <SectionForm
      title={t('details.title')}
      intro={t('details.intro')}
      feedback={feedback}
      fieldIds={FIELD_IDS}
      errors={errors}
      onSubmit={onSubmit}
    >
      <Field
        id={FIELD_IDS.first_name}
        label={t('details.firstName')}
        errorText={errors.first_name?.message}
        errorPrefix={errorPrefix}
      >
        <Input {...form.register('first_name')} autoComplete="given-name" />
      </Field>
      <Field
        id={FIELD_IDS.last_name}
        label={t('details.lastName')}
        errorText={errors.last_name?.message}
        errorPrefix={errorPrefix}
      >
        <Input {...form.register('last_name')} autoComplete="family-name" />
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
        <Input {...form.register('phone')} type="tel" autoComplete="tel" />
      </Field>
      <Button type="submit" alignSelf="flex-start" loading={isSubmitting}>
        {t('details.submit')}
      </Button>
    </SectionForm>
  );
}
