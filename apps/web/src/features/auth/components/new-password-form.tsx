import { Heading, Input, Link, Spinner, Stack, Text } from '@chakra-ui/react';
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
import { INVALID_RESET_LINK, useCheckPasswordResetLink, useConfirmPasswordReset } from '../api/password-reset.ts';

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

const isInvalidLinkError = (error: unknown) =>
  isApiError(error) && (error.code === INVALID_RESET_LINK || Boolean(error.fields.token ?? error.fields.uid));

/**
 * Sets a new password from the e-mailed link. The link is checked when the page opens: a used,
 * invalid or expired link shows an explanation and a way to ask for a new link instead of the
 * form (also when the link dies between the check and the submit). A password the server
 * refuses is shown at the field, with the server's Czech words.
 */
export function NewPasswordForm(props: NewPasswordFormProps) {
  const { t } = useTranslation('auth');
  const check = useCheckPasswordResetLink(props.uid, props.token);
  if (check.isPending) {
    return (
      <Stack direction="row" gap="3" align="center" role="status">
        <PageTitle title={t('newPassword.title')} />
        <Spinner size="sm" />
        <Text>{t('newPassword.checking')}</Text>
      </Stack>
    );
  }
  // Any other failure (no connection, upstream down) leaves the form: the submit checks again.
  if (check.isError && isInvalidLinkError(check.error)) return <InvalidLink />;
  return <NewPasswordFields {...props} />;
}

/** The one explanation of a void link, with the way to a new one. */
function InvalidLink() {
  const { t } = useTranslation('auth');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <Stack gap="4" maxW="2xl">
      <PageTitle title={t('newPassword.invalidLinkTitle')} error />
      <Heading ref={heading} tabIndex={-1} as="h1" size={{ base: '2xl', md: '3xl' }} outline="none">
        {t('newPassword.invalidLinkTitle')}
      </Heading>
      <Text role="alert">{t('newPassword.invalidLink')}</Text>
      <Button asChild alignSelf="flex-start">
        <RouterLink to={ROUTES.passwordReset.path}>{t('newPassword.requestNew')}</RouterLink>
      </Button>
    </Stack>
  );
}

function NewPasswordFields({ uid, token, onDone }: NewPasswordFormProps) {
  const { t } = useTranslation(['auth', 'common']);
  const schema = useMemo(() => createSchema(t), [t]);
  const confirm = useConfirmPasswordReset();
  const [serverError, setServerError] = useState<string | null>(null);
  const [invalidLink, setInvalidLink] = useState(false);
  const summary = useErrorSummaryFocus();

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
      if (isInvalidLinkError(error)) {
        setInvalidLink(true);
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

  if (invalidLink) return <InvalidLink />;

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
