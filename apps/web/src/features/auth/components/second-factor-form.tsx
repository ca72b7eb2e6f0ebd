import { Heading, Input, Stack, Text } from '@chakra-ui/react';
import type { Session } from '@portal/sdk/client';
import { Button } from '@portal/ui/button';
import { Field } from '@portal/ui/field';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type ErrorSummaryItem } from '#src/components/ui/error-summary.tsx';
import { PageTitle } from '#src/components/ui/page-title.tsx';
import { errorMessage, isApiError } from '#src/lib/errors.ts';
import { formText } from '#src/utils/form-data.ts';
import { useCompleteSecondFactor } from '../api/use-second-factor.ts';

const FIELD_ID = 'second-factor-code';

export interface SecondFactorFormProps {
  /** Called with the logged-in session; navigation is the route's business. */
  onLoggedIn: (session: Session) => Promise<void> | void;
  /** Back to the password (the pending login ended or the user wants to start again). */
  onStartOver: (message?: string) => void;
}

/**
 * The code step after the password of a user with a second factor (ADR 012): the six digits
 * from the authenticator app, or one of the recovery codes instead. The heading takes focus
 * when the step appears, so a screen reader announces the new step.
 */
export function SecondFactorForm({ onLoggedIn, onStartOver }: SecondFactorFormProps) {
  const { t } = useTranslation(['auth', 'common']);
  const complete = useCompleteSecondFactor();
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  useEffect(() => {
    if (focusRequest > 0) summaryRef.current?.focus();
  }, [focusRequest]);

  const fail = (message: string) => {
    setError(message);
    setFocusRequest((count) => count + 1);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const code = formText(new FormData(event.currentTarget), 'code').replace(/\s/g, '');
    if (!code) return fail(t(recovery ? 'secondFactor.errors.recoveryRequired' : 'secondFactor.errors.codeRequired'));
    if (!recovery && !/^\d{6}$/.test(code)) return fail(t('secondFactor.errors.codeInvalid'));
    setError(null);
    setSubmitting(true);
    try {
      const session = await complete.mutateAsync({ body: { code } });
      await onLoggedIn(session);
    } catch (caught) {
      // The pending login is gone (expired, too many wrong codes): back to the password.
      if (isApiError(caught) && caught.status === 401) onStartOver(errorMessage(caught));
      else fail(errorMessage(caught));
    } finally {
      setSubmitting(false);
    }
  };

  const items: ErrorSummaryItem[] = error ? [{ message: error, fieldId: FIELD_ID }] : [];
  const switchMode = () => {
    setRecovery((value) => !value);
    setError(null);
  };

  return (
    <>
      <PageTitle title={t('secondFactor.title')} error={items.length > 0} />
      <ErrorSummary ref={summaryRef} title={t('common:form.errorSummaryTitle')} items={items} />
      <Heading as="h1" size="2xl" mb="3" ref={headingRef} tabIndex={-1} outline="none">
        {t('secondFactor.title')}
      </Heading>
      <Text mb="6">{t(recovery ? 'secondFactor.recoveryIntro' : 'secondFactor.intro')}</Text>
      <form method="post" noValidate onSubmit={(event) => void onSubmit(event)}>
        <Stack gap="5" maxW="sm">
          <Field
            key={recovery ? 'recovery' : 'totp'}
            id={FIELD_ID}
            label={t(recovery ? 'secondFactor.recoveryCode' : 'secondFactor.code')}
            helperText={recovery ? undefined : t('secondFactor.codeHint')}
            errorText={error ?? undefined}
            errorPrefix={t('common:form.errorPrefix')}
          >
            {recovery ? (
              <Input name="code" autoComplete="off" autoCapitalize="none" spellCheck={false} />
            ) : (
              <Input
                name="code"
                autoComplete="one-time-code"
                inputMode="numeric"
                pattern="[0-9]*"
                maxLength={6}
                spellCheck={false}
              />
            )}
          </Field>
          <Button type="submit" alignSelf="flex-start" loading={isSubmitting}>
            {t('secondFactor.submit')}
          </Button>
          <Stack gap="2" align="flex-start">
            <Button variant="plain" px="0" textDecoration="underline" onClick={switchMode}>
              {t(recovery ? 'secondFactor.useApp' : 'secondFactor.useRecovery')}
            </Button>
            <Button variant="plain" px="0" textDecoration="underline" onClick={() => onStartOver()}>
              {t('secondFactor.startOver')}
            </Button>
          </Stack>
        </Stack>
      </form>
    </>
  );
}
