import { Input, Stack } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { Field } from '@portal/ui/field';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { FormSection } from '#src/components/forms/form-section.tsx';
import { useSubmitFeedback, useZodForm } from '#src/components/forms/use-zod-form.ts';
import { formSummaryItems } from '#src/components/ui/error-summary.tsx';

const SERVER_FIELDS = { password: 'password' } as const;

/** Where in the profile's words a {@link PasswordConfirmForm}'s own stand (title, intro, password, submit). */
export type PasswordConfirmWords = 'secondFactor.turnOff' | 'sessions.everywhere';

/**
 * A section of /profil whose one field is the current password, confirming a step that cannot be
 * undone from here (turning the second factor off, logging out everywhere): the password is taken
 * verbatim (spaces may be part of it) and the server's refusal lands at the field.
 */
export function PasswordConfirmForm({
  passwordId,
  words,
  onConfirm,
}: {
  /** The password field's id (the error summary links to it). */
  passwordId: string;
  words: PasswordConfirmWords;
  onConfirm: (password: string) => Promise<unknown>;
}) {
  const { t } = useTranslation(['profile', 'common']);
  const passwordRequired = t(`${words}.errors.passwordRequired`);
  const schema = useMemo(
    () => z.object({ password: z.string().check(z.minLength(1, { error: passwordRequired })) }),
    [passwordRequired],
  );
  const feedback = useSubmitFeedback();
  const form = useZodForm(schema, { password: '' });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    feedback.setServerError(null);
    try {
      await onConfirm(password);
    } catch (error) {
      feedback.fail(error, form.setError, SERVER_FIELDS);
    }
  }, feedback.summary.focus);

  return (
    <FormSection
      title={t(`${words}.title`)}
      intro={t(`${words}.intro`)}
      feedback={feedback}
      items={formSummaryItems({ password: passwordId }, errors, feedback.serverError)}
      headingLevel={3}
    >
      <form method="post" noValidate onSubmit={(event) => void onSubmit(event)}>
        <Stack gap="5" maxW="md">
          <Field
            id={passwordId}
            label={t(`${words}.password`)}
            errorText={errors.password?.message}
            errorPrefix={t('common:form.errorPrefix')}
          >
            <Input {...form.register('password')} type="password" autoComplete="current-password" />
          </Field>
          <Button type="submit" alignSelf="flex-start" colorPalette="red" loading={isSubmitting}>
            {t(`${words}.submit`)}
          </Button>
        </Stack>
      </form>
    </FormSection>
  );
}
