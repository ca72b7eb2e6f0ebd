import { Input, Stack } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import type { Session } from '@portal/sdk/client';
import { Field } from '@portal/ui/field';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type ErrorSummaryItem } from '#src/components/ui/error-summary.tsx';
import { PageTitle } from '#src/components/ui/page-title.tsx';
import { errorMessage, isApiError } from '#src/lib/errors.ts';
import { formText } from '#src/utils/form-data.ts';
import { useLogin } from '../api/use-login.ts';
import { SecondFactorForm } from './second-factor-form.tsx';

const FIELD_IDS = { email: 'login-email', password: 'login-password' } as const;
type FieldName = keyof typeof FIELD_IDS;
type FieldErrors = Partial<Record<FieldName, string>>;

const isFieldName = (name: string): name is FieldName => name in FIELD_IDS;

/**
 * zod's `z.email()` pattern, so this form accepts exactly what the other e-mail fields (zod
 * schemas) accept.
 */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/**
 * The login page is the first page many visitors load, so its two fields are checked here
 * instead of through react-hook-form and a zod resolver (together ≈ 19 KB gzip of the page's
 * first load; bundle budget, issue #9). The other forms use react-hook-form with zod.
 */
function validateLogin(values: { email: string; password: string }, t: TFunction<'auth'>): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.email) errors.email = t('login.errors.emailRequired');
  else if (!EMAIL_PATTERN.test(values.email)) errors.email = t('login.errors.emailInvalid');
  if (!values.password) errors.password = t('login.errors.passwordRequired');
  return errors;
}

/** What the user typed, read from the (uncontrolled) fields when the form is submitted. */
function readValues(form: HTMLFormElement) {
  const data = new FormData(form);
  return {
    // GOV.UK: ignore stray spaces around an e-mail address (also in what is sent).
    email: formText(data, 'email').trim(),
    // Passwords are taken verbatim: spaces may be part of them.
    password: formText(data, 'password'),
  };
}

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
  const login = useLogin();
  const [serverError, setServerError] = useState<string | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  // Bumped after every failed submit: the summary then takes focus so the problem is announced.
  const [focusRequest, setFocusRequest] = useState(0);
  const requestSummaryFocus = () => setFocusRequest((count) => count + 1);
  useEffect(() => {
    if (focusRequest > 0) summaryRef.current?.focus();
  }, [focusRequest]);

  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  // The password matched and the second factor is pending (ADR 012): the code step shows.
  const [codeStep, setCodeStep] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const values = readValues(event.currentTarget);
    const invalid = validateLogin(values, t);
    setErrors(invalid);
    setServerError(null);
    if (Object.keys(invalid).length > 0) {
      requestSummaryFocus();
      return;
    }
    setSubmitting(true);
    try {
      let session: Session | undefined;
      try {
        const answer = await login.mutateAsync({ body: values });
        if ('secondFactor' in answer) {
          setCodeStep(true);
          return;
        }
        session = answer;
      } catch (error) {
        if (isApiError(error)) {
          const fromServer: FieldErrors = {};
          for (const [name, message] of Object.entries(error.fields ?? {})) {
            if (isFieldName(name)) fromServer[name] = message;
          }
          setErrors(fromServer);
        }
        setServerError(errorMessage(error));
        requestSummaryFocus();
        return;
      }
      if (session) await onLoggedIn(session);
    } finally {
      setSubmitting(false);
    }
  };

  if (codeStep) {
    return (
      <SecondFactorForm
        onLoggedIn={onLoggedIn}
        onStartOver={(message) => {
          setCodeStep(false);
          setErrors({});
          setServerError(message ?? null);
          if (message) requestSummaryFocus();
        }}
      />
    );
  }

  const items: ErrorSummaryItem[] = [];
  for (const name of Object.keys(FIELD_IDS) as FieldName[]) {
    const message = errors[name];
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
      {/* method="post": should the browser ever submit it natively (before the app has
          started, or without JavaScript), the password never lands in an address. */}
      <form method="post" noValidate onSubmit={(event) => void onSubmit(event)}>
        <Stack gap="5" maxW="sm">
          <Field
            id={FIELD_IDS.email}
            label={t('login.email')}
            errorText={errors.email}
            errorPrefix={t('common:form.errorPrefix')}
          >
            <Input
              name="email"
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
            errorText={errors.password}
            errorPrefix={t('common:form.errorPrefix')}
          >
            <Input name="password" type="password" autoComplete="current-password" />
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
