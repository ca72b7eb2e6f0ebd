import { Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { Field } from '@portal/ui/field';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import * as z from 'zod/mini';
import { EMAIL_INPUT } from '#src/components/forms/inputs.tsx';
import { useBotProtection } from '#src/components/bot-protection/use-bot-protection.tsx';
import { useZodForm } from '#src/components/forms/use-zod-form.ts';
import { ErrorSummary, formSummaryItems, useErrorSummaryFocus } from '#src/components/ui/error-summary.tsx';
import { PageTitle } from '#src/components/ui/page-title.tsx';
import { ROUTES } from '#src/config/paths.ts';
import { errorMessage, serverFieldErrors } from '#src/lib/errors.ts';
import { useRequestPasswordReset } from '../api/password-reset.ts';

const FIELD_IDS = { email: 'reset-email' } as const;

function createSchema(t: TFunction<'auth'>) {
  return z.object({
    email: z.pipe(
      z.string().check(z.trim(), z.minLength(1, { error: t('passwordReset.errors.emailRequired'), abort: true })),
      z.email({ error: t('passwordReset.errors.emailInvalid') }),
    ),
  });
}

/**
 * Asks for a reset link. The confirmation is the same whether or not the address has an
 * account (the BFF answers alike), so the page cannot be used to find out who is registered.
 */
export function PasswordResetRequestForm() {
  const { t } = useTranslation(['auth', 'common']);
  const schema = useMemo(() => createSchema(t), [t]);
  const request = useRequestPasswordReset();
  const bot = useBotProtection('password-reset');
  const [serverError, setServerError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const summary = useErrorSummaryFocus();
  const sentHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (sent) sentHeading.current?.focus();
  }, [sent]);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(schema, { email: '' });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const botToken = await bot.token();
      if (botToken === undefined) {
        setServerError(t('passwordReset.errors.botCheck'));
        summary.focus();
        return;
      }
      await request.mutateAsync({
        body: values,
        ...(botToken ? { params: { header: { 'X-Bot-Token': botToken } } } : {}),
      });
    } catch (error) {
      for (const [name, message] of serverFieldErrors(error, ['email'] as const)) {
        setError(name, { type: 'server', message });
      }
      setServerError(errorMessage(error));
      summary.focus();
      return;
    }
    setSent(true);
  }, summary.focus);

  const backToLogin = (
    <Link asChild variant="underline" alignSelf="flex-start">
      <RouterLink to={ROUTES.login.path}>{t('passwordReset.backToLogin')}</RouterLink>
    </Link>
  );

  if (sent) {
    return (
      <Stack gap="4" maxW="2xl">
        <PageTitle title={t('passwordReset.sentTitle')} />
        <Heading ref={sentHeading} tabIndex={-1} as="h1" size={{ base: '2xl', md: '3xl' }} outline="none">
          {t('passwordReset.sentTitle')}
        </Heading>
        <Text role="status">{t('passwordReset.sent')}</Text>
        {backToLogin}
      </Stack>
    );
  }

  const items = formSummaryItems(FIELD_IDS, errors, serverError);
  return (
    <>
      <PageTitle title={t('passwordReset.title')} error={items.length > 0} />
      <ErrorSummary ref={summary.ref} title={t('common:form.errorSummaryTitle')} items={items} />
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} mb="2">
        {t('passwordReset.title')}
      </Heading>
      <Text mb="6" maxW="2xl">
        {t('passwordReset.intro')}
      </Text>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <Stack gap="5" maxW="sm">
          <Field
            id={FIELD_IDS.email}
            label={t('passwordReset.email')}
            errorText={errors.email?.message}
            errorPrefix={t('common:form.errorPrefix')}
          >
            {/* Password managers know the account by its login. */}
            <Input {...register('email')} {...EMAIL_INPUT} autoComplete="username" />
          </Field>
          {bot.widget}
          <Button type="submit" alignSelf="flex-start" loading={isSubmitting}>
            {t('passwordReset.submit')}
          </Button>
          {backToLogin}
        </Stack>
      </form>
    </>
  );
}
