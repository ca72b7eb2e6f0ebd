import { Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { Field } from '@portal/ui/field';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import * as z from 'zod/mini';
import { useZodForm } from '#src/components/forms/use-zod-form.ts';
import { ErrorSummary, formSummaryItems, useErrorSummaryFocus } from '#src/components/ui/error-summary.tsx';
import { PageTitle } from '#src/components/ui/page-title.tsx';
import { ROUTES } from '#src/config/paths.ts';
import { errorMessage, isApiError, serverFieldErrors } from '#src/lib/errors.ts';
import { INVALID_RESET_LINK, useConfirmPasswordReset } from '../api/password-reset.ts';

const FIELD_IDS = { password: 'new-password', confirm: 'new-password-confirm' } as const;

/** The upstream's minimum (Django's MinimumLengthValidator); the server checks the rest. */
export const MIN_PASSWORD_LENGTH = 8;

function createSchema(t: TFunction<'auth'>) {
  return z
    .object({
      // Passwords are taken verbatim: spaces may be part of them.
      password: z
        .string()
        .check(
          z.minLength(1, { error: t('newPassword.errors.passwordRequired'), abort: true }),
          z.minLength(MIN_PASSWORD_LENGTH, { error: t('newPassword.errors.passwordTooShort') }),
        ),
      confirm: z.string().check(z.minLength(1, { error: t('newPassword.errors.confirmRequired') })),
    })
    .check(
      z.refine((values) => !values.confirm || values.password === values.confirm, {
        error: t('newPassword.errors.mismatch'),
        path: ['confirm'],
      }),
    );
}

export interface NewPasswordFormProps {
  uid: string;
  token: string;
  /** Called after the password was set; the route navigates to the login. */
  onDone: () => Promise<void> | void;
}

/**
 * Sets a new password from the e-mailed link. An invalid or expired link replaces the form
 * with an explanation and a way to ask for a new link; a password the server refuses is shown
 * at the field, with the server's Czech words.
 */
export function NewPasswordForm({ uid, token, onDone }: NewPasswordFormProps) {
  const { t } = useTranslation(['auth', 'common']);
  const schema = useMemo(() => createSchema(t), [t]);
  const confirm = useConfirmPasswordReset();
  const [serverError, setServerError] = useState<string | null>(null);
  const [invalidLink, setInvalidLink] = useState<string | null>(null);
  const summary = useErrorSummaryFocus();
  const invalidHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (invalidLink) invalidHeading.current?.focus();
  }, [invalidLink]);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(schema, { password: '', confirm: '' });

  const onSubmit = handleSubmit(async ({ password }) => {
    setServerError(null);
    try {
      await confirm.mutateAsync({ body: { uid, token, password } });
    } catch (error) {
      if (isApiError(error) && (error.code === INVALID_RESET_LINK || error.fields.token || error.fields.uid)) {
        setInvalidLink(error.fields.token ?? error.fields.uid ?? error.message);
        return;
      }
      for (const [name, message] of serverFieldErrors(error, ['password'] as const)) {
        setError(name, { type: 'server', message });
      }
      setServerError(errorMessage(error));
      summary.focus();
      return;
    }
    await onDone();
  }, summary.focus);

  if (invalidLink) {
    return (
      <Stack gap="4" maxW="2xl">
        <PageTitle title={t('newPassword.invalidLinkTitle')} error />
        <Heading ref={invalidHeading} tabIndex={-1} as="h1" size={{ base: '2xl', md: '3xl' }} outline="none">
          {t('newPassword.invalidLinkTitle')}
        </Heading>
        <Text role="alert">{t('newPassword.invalidLink')}</Text>
        {invalidLink !== t('newPassword.invalidLink') ? <Text color="fg.muted">{invalidLink}</Text> : null}
        <Button asChild alignSelf="flex-start">
          <RouterLink to={ROUTES.passwordReset.path}>{t('newPassword.requestNew')}</RouterLink>
        </Button>
      </Stack>
    );
  }

  const items = formSummaryItems(FIELD_IDS, errors, serverError);
  return (
    <>
      <PageTitle title={t('newPassword.title')} error={items.length > 0} />
      <ErrorSummary ref={summary.ref} title={t('common:form.errorSummaryTitle')} items={items} />
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} mb="2">
        {t('newPassword.title')}
      </Heading>
      <Text mb="6">{t('newPassword.intro')}</Text>
      {/* method="post": a native submit never puts the password into an address. */}
      <form method="post" noValidate onSubmit={(event) => void onSubmit(event)}>
        <Stack gap="5" maxW="sm">
          <Field
            id={FIELD_IDS.password}
            label={t('newPassword.password')}
            helperText={t('newPassword.passwordHint')}
            errorText={errors.password?.message}
            errorPrefix={t('common:form.errorPrefix')}
          >
            <Input {...register('password')} type="password" autoComplete="new-password" />
          </Field>
          <Field
            id={FIELD_IDS.confirm}
            label={t('newPassword.confirm')}
            errorText={errors.confirm?.message}
            errorPrefix={t('common:form.errorPrefix')}
          >
            <Input {...register('confirm')} type="password" autoComplete="new-password" />
          </Field>
          <Button type="submit" alignSelf="flex-start" loading={isSubmitting}>
            {t('newPassword.submit')}
          </Button>
          <Link asChild variant="underline" alignSelf="flex-start">
            <RouterLink to={ROUTES.passwordReset.path}>{t('newPassword.requestNew')}</RouterLink>
          </Link>
        </Stack>
      </form>
    </>
  );
}
