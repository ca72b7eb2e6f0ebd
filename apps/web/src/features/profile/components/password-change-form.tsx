import { Input } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { Field } from '@portal/ui/field';
import { toast } from '@portal/ui/toast';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { SectionForm } from '#src/components/forms/form-section.tsx';
import { useSubmitFeedback, useZodForm } from '#src/components/forms/use-zod-form.ts';
import { useChangePassword } from '../api/profile.ts';

const FIELD_IDS = {
  current_password: 'password-current',
  new_password: 'password-new',
  confirm: 'password-confirm',
} as const;
/** The API's field names are this form's. */
const SERVER_FIELDS = { current_password: 'current_password', new_password: 'new_password' } as const;
const MIN_PASSWORD_LENGTH = 8;

function createSchema(t: TFunction<'profile'>) {
  return z
    .object({
      // Passwords are taken verbatim: spaces may be part of them.
      current_password: z.string().check(z.minLength(1, { error: t('password.errors.currentRequired') })),
      new_password: z
        .string()
        .check(
          z.minLength(1, { error: t('password.errors.newRequired'), abort: true }),
          z.minLength(MIN_PASSWORD_LENGTH, { error: t('password.errors.newTooShort') }),
        ),
      confirm: z.string().check(z.minLength(1, { error: t('password.errors.confirmRequired') })),
    })
    .check(
      z.refine((values) => !values.confirm || values.new_password === values.confirm, {
        error: t('password.errors.mismatch'),
        path: ['confirm'],
      }),
    );
}

/** Changes the password with the current one (the session stays logged in). */
export function PasswordChangeForm({ email }: { email: string }) {
  const { t } = useTranslation(['profile', 'common']);
  const schema = useMemo(() => createSchema(t), [t]);
  const change = useChangePassword();
  const feedback = useSubmitFeedback();

  const form = useZodForm(schema, { current_password: '', new_password: '', confirm: '' });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ current_password, new_password }) => {
    feedback.setServerError(null);
    try {
      await change.mutateAsync({ body: { current_password, new_password } });
    } catch (error) {
      feedback.fail(error, form.setError, SERVER_FIELDS);
      return;
    }
    form.reset();
    toast.add({ severity: 'success', summary: t('password.changed'), group: 'profile' });
  }, feedback.summary.focus);

  const errorPrefix = t('common:form.errorPrefix');
  return (
    <SectionForm
      title={t('password.title')}
      feedback={feedback}
      fieldIds={FIELD_IDS}
      errors={errors}
      onSubmit={onSubmit}
      method="post"
    >
      {/* Password managers file the new password under this account. */}
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field
        id={FIELD_IDS.current_password}
        label={t('password.current')}
        errorText={errors.current_password?.message}
        errorPrefix={errorPrefix}
      >
        <Input {...form.register('current_password')} type="password" autoComplete="current-password" />
      </Field>
      <Field
        id={FIELD_IDS.new_password}
        label={t('password.new')}
        helperText={t('password.newHint')}
        errorText={errors.new_password?.message}
        errorPrefix={errorPrefix}
      >
        <Input {...form.register('new_password')} type="password" autoComplete="new-password" />
      </Field>
      <Field
        id={FIELD_IDS.confirm}
        label={t('password.confirm')}
        errorText={errors.confirm?.message}
        errorPrefix={errorPrefix}
      >
        <Input {...form.register('confirm')} type="password" autoComplete="new-password" />
      </Field>
      <Button type="submit" alignSelf="flex-start" loading={isSubmitting}>
        {t('password.submit')}
      </Button>
    </SectionForm>
  );
}
