import { Button, Input, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Session } from '@portal/sdk/client';
import { Field } from '@portal/ui/field';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { ErrorSummary, type ErrorSummaryItem } from '#src/components/ui/error-summary.tsx';
import { PageTitle } from '#src/components/ui/page-title.tsx';
import { errorMessage, isApiError } from '#src/lib/errors.ts';
import { useLogin } from '../api/use-login.ts';

const FIELD_IDS = { email: 'login-email', password: 'login-password' } as const;
type FieldName = keyof typeof FIELD_IDS;

const isFieldName = (name: string): name is FieldName => name in FIELD_IDS;

// zod/mini: the login page is often the first page a visitor loads; the classic API would
// add ~25 KB gzip to it for two fields.
function createLoginSchema(t: TFunction<'auth'>) {
  return z.object({
    // GOV.UK: ignore stray spaces around an e-mail address.
    email: z.pipe(
      z.string().check(z.trim(), z.minLength(1, { error: t('login.errors.emailRequired'), abort: true })),
      z.email({ error: t('login.errors.emailInvalid') }),
    ),
    // Passwords are taken verbatim: spaces may be part of them.
    password: z.string().check(z.minLength(1, { error: t('login.errors.passwordRequired') })),
  });
}

type LoginSchema = ReturnType<typeof createLoginSchema>;

export interface LoginFormProps {
  title: string;
  /** Rendered above the fields and below the error summary (the page heading). */
  header: ReactNode;
  /** Rendered below the submit button (e.g. the „Zapomněli jste heslo?" link). */
  footer?: ReactNode;
  /** Called with the new session; navigation after login is the route's business. */
  onLoggedIn: (session: Session) => Promise<void> | void;
}

/**
 * E-mail + password login. Validated on submit only (GOV.UK), errors listed in a summary that
 * takes focus and inline at each field; a server refusal (wrong credentials, rate limit) is
 * shown the same way with the server's Czech message. Nothing the user typed is cleared.
 */
export function LoginForm({ title, header, footer, onLoggedIn }: LoginFormProps) {
  const { t } = useTranslation(['auth', 'common']);
  const schema = useMemo(() => createLoginSchema(t), [t]);
  const login = useLogin();
  const [serverError, setServerError] = useState<string | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  // Bumped after every failed submit: the summary then takes focus so the problem is announced.
  const [focusRequest, setFocusRequest] = useState(0);
  const requestSummaryFocus = () => setFocusRequest((count) => count + 1);
  useEffect(() => {
    if (focusRequest > 0) summaryRef.current?.focus();
  }, [focusRequest]);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<LoginSchema>, unknown, z.output<LoginSchema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // Focus goes to the error summary instead (GOV.UK).
    shouldFocusError: false,
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    let session: Session | undefined;
    try {
      session = await login.mutateAsync({ body: values });
    } catch (error) {
      if (isApiError(error)) {
        for (const [name, message] of Object.entries(error.fields ?? {})) {
          if (isFieldName(name)) setError(name, { type: 'server', message });
        }
      }
      setServerError(errorMessage(error));
      requestSummaryFocus();
      return;
    }
    if (session) await onLoggedIn(session);
  }, requestSummaryFocus);

  const items: ErrorSummaryItem[] = [];
  for (const name of Object.keys(FIELD_IDS) as FieldName[]) {
    const message = errors[name]?.message;
    if (message) items.push({ message, fieldId: FIELD_IDS[name] });
  }
  if (serverError && !items.some((item) => item.message === serverError)) {
    items.unshift({ message: serverError });
  }
  const hasErrors = items.length > 0;

  return (
    <>
      <PageTitle title={title} error={hasErrors} />
      <ErrorSummary ref={summaryRef} title={t('common:form.errorSummaryTitle')} items={items} />
      {header}
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="5" maxW="sm">
          <Field
            id={FIELD_IDS.email}
            label={t('login.email')}
            errorText={errors.email?.message}
            errorPrefix={t('common:form.errorPrefix')}
          >
            <Input
              {...register('email')}
              type="email"
              autoComplete="username"
              inputMode="email"
              autoCapitalize="none"
              spellCheck={false}
            />
          </Field>
          <Field
            id={FIELD_IDS.password}
            label={t('login.password')}
            errorText={errors.password?.message}
            errorPrefix={t('common:form.errorPrefix')}
          >
            <Input {...register('password')} type="password" autoComplete="current-password" />
          </Field>
          <Button type="submit" alignSelf="flex-start" loading={isSubmitting}>
            {t('login.submit')}
          </Button>
          {footer}
        </Stack>
      </form>
    </>
  );
}
