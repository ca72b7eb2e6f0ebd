import { Alert, Box, Code, Flex, Heading, Image, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { Field } from '@portal/ui/field';
import { toast } from '@portal/ui/toast';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { FormSection } from '#src/components/forms/form-section.tsx';
import { useSubmitFeedback, useZodForm } from '#src/components/forms/use-zod-form.ts';
import { formSummaryItems } from '#src/components/ui/error-summary.tsx';
import { PlainList } from '#src/components/ui/plain-list.tsx';
import { errorMessage } from '#src/lib/errors.ts';
import { formatDateTime } from '#src/lib/format.ts';
import {
  useDisableSecondFactor,
  useEnableSecondFactor,
  useRenewRecoveryCodes,
  useSecondFactor,
  useSecondFactorRefresh,
  useSecondFactorSetup,
} from '../api/second-factor.ts';
import { PasswordConfirmForm } from './password-confirm-form.tsx';

/** The section's anchor: staff without a second factor are sent to `/profil#dvoufazove-overeni`. */
export const SECOND_FACTOR_SECTION_ID = 'dvoufazove-overeni';

/** „ABCD EFGH …": the secret in groups of four, easier to type into an app. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * „Dvoufázové ověření" on /profil (ADR 012): set up TOTP (QR code and the secret as text,
 * confirmed with a code), then the recovery codes once with copy and download; new recovery
 * codes; and, for tenants only, turning it off with the password. A staff member without a
 * second factor lands here first (`setupRequired`), and the heading takes focus.
 */
export function SecondFactorSection({ setupRequired }: { setupRequired: boolean }) {
  const { t } = useTranslation(['profile', 'common']);
  const status = useSecondFactor();
  const refresh = useSecondFactorRefresh();
  const renew = useRenewRecoveryCodes();
  const [setupOpen, setSetupOpen] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (setupRequired || window.location.hash === `#${SECOND_FACTOR_SECTION_ID}`) {
      headingRef.current?.scrollIntoView?.({ block: 'start' });
      headingRef.current?.focus();
    }
  }, [setupRequired]);

  const finishCodes = async () => {
    setCodes(null);
    await refresh();
    headingRef.current?.focus();
  };

  const onRenew = async () => {
    const answer = await renew.mutateAsync({});
    setCodes(answer.recoveryCodes);
  };

  return (
    <Box as="section" aria-labelledby={SECOND_FACTOR_SECTION_ID}>
      <Heading as="h2" id={SECOND_FACTOR_SECTION_ID} size="xl" mb="2" ref={headingRef} tabIndex={-1} outline="none">
        {t('secondFactor.title')}
      </Heading>
      <Text mb="5" color="fg.muted">
        {t('secondFactor.intro')}
      </Text>
      {setupRequired ? (
        <Alert.Root status="warning" mb="5">
          <Alert.Indicator />
          <Alert.Title>{t('secondFactor.setupRequired')}</Alert.Title>
        </Alert.Root>
      ) : null}
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => void finishCodes()} />
      ) : status.isPending ? (
        <Spinner aria-label={t('common:loading')} />
      ) : !status.data ? (
        <Text role="alert">{status.error ? errorMessage(status.error) : t('secondFactor.loadFailed')}</Text>
      ) : status.data.active ? (
        <Stack gap="5">
          <Stack gap="1">
            <Text fontWeight="semibold">
              {t('secondFactor.on', { date: status.data.activatedAt ? formatDateTime(status.data.activatedAt) : '' })}
            </Text>
            <Text>
              {status.data.recoveryCodes && status.data.recoveryCodes.unused > 0
                ? t('secondFactor.codesLeft', { count: status.data.recoveryCodes.unused })
                : t('secondFactor.noCodes')}
            </Text>
            {status.data.required ? <Text color="fg.muted">{t('secondFactor.requiredNote')}</Text> : null}
          </Stack>
          <Stack gap="1" align="flex-start">
            <Button variant="outline" loading={renew.isPending} onClick={() => void onRenew().catch(() => undefined)}>
              {t('secondFactor.renew')}
            </Button>
            <Text textStyle="sm" color="fg.muted">
              {t('secondFactor.renewNote')}
            </Text>
          </Stack>
          {status.data.required ? null : <DisableForm />}
        </Stack>
      ) : setupOpen ? (
        <SetupForm onEnabled={setCodes} onCancel={() => setSetupOpen(false)} />
      ) : (
        <Stack gap="4" align="flex-start">
          <Text>{t('secondFactor.off')}</Text>
          <Button onClick={() => setSetupOpen(true)}>{t('secondFactor.start')}</Button>
        </Stack>
      )}
    </Box>
  );
}

const SETUP_FIELDS = { code: 'second-factor-setup-code' } as const;

function setupSchema(t: TFunction<'profile'>) {
  return z.object({
    code: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: t('secondFactor.errors.codeRequired') }),
        z.regex(/^\d{6}$/, { error: t('secondFactor.errors.codeInvalid') }),
      ),
  });
}

function SetupForm({ onEnabled, onCancel }: { onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const { t } = useTranslation(['profile', 'common']);
  const setup = useSecondFactorSetup();
  const enable = useEnableSecondFactor();
  const [qr, setQr] = useState<string | null>(null);
  const schema = useMemo(() => setupSchema(t), [t]);
  const feedback = useSubmitFeedback();
  const form = useZodForm(schema, { code: '' });
  const { errors, isSubmitting } = form.formState;
  const { mutate } = setup;

  useEffect(() => {
    mutate({});
  }, [mutate]);
  const url = setup.data?.otpauthUrl;
  useEffect(() => {
    if (!url) return;
    let live = true;
    // The QR library is loaded only by those who set the second factor up.
    void import('qrcode')
      .then(({ toDataURL }) => toDataURL(url, { margin: 1, width: 200 }))
      .then((image) => live && setQr(image))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [url]);

  const onSubmit = form.handleSubmit(async ({ code }) => {
    feedback.setServerError(null);
    try {
      const answer = await enable.mutateAsync({ body: { code: code.replace(/\s/g, '') } });
      toast.add({ severity: 'success', summary: t('secondFactor.enabled'), group: 'profile' });
      onEnabled(answer.recoveryCodes);
    } catch (error) {
      feedback.fail(error, form.setError, { code: 'code' });
    }
  }, feedback.summary.focus);

  if (setup.isPending || setup.isIdle) return <Spinner aria-label={t('common:loading')} />;
  if (!setup.data) return <Text role="alert">{errorMessage(setup.error)}</Text>;

  return (
    <Stack gap="6">
      <Stack gap="3">
        <Heading as="h3" size="lg">
          {t('secondFactor.scanTitle')}
        </Heading>
        <Text>{t('secondFactor.scan')}</Text>
        {qr ? <Image src={qr} alt={t('secondFactor.qrAlt')} width="200px" height="200px" /> : null}
        <Text>{t('secondFactor.typeSecret')}</Text>
        <Code fontSize="md" p="2" wordBreak="break-all" data-testid="totp-secret">
          {grouped(setup.data.secret)}
        </Code>
      </Stack>
      <FormSection
        title={t('secondFactor.confirmTitle')}
        feedback={feedback}
        items={formSummaryItems(SETUP_FIELDS, errors, feedback.serverError)}
        headingLevel={3}
      >
        <form method="post" noValidate onSubmit={(event) => void onSubmit(event)}>
          <Stack gap="5" maxW="sm">
            <Field
              id={SETUP_FIELDS.code}
              label={t('secondFactor.code')}
              helperText={t('secondFactor.codeHint')}
              errorText={errors.code?.message}
              errorPrefix={t('common:form.errorPrefix')}
            >
              <Input
                {...form.register('code')}
                autoComplete="one-time-code"
                inputMode="numeric"
                pattern="[0-9]*"
                maxLength={6}
              />
            </Field>
            <Flex gap="3" wrap="wrap">
              <Button type="submit" loading={isSubmitting}>
                {t('secondFactor.enable')}
              </Button>
              <Button variant="outline" onClick={onCancel}>
                {t('secondFactor.cancel')}
              </Button>
            </Flex>
          </Stack>
        </form>
      </FormSection>
    </Stack>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const text = `${t('secondFactor.fileHeader')}\n\n${codes.join('\n')}\n`;

  const copy = async () => {
    await navigator.clipboard.writeText(text);
    toast.add({ severity: 'success', summary: t('secondFactor.copied'), group: 'profile' });
  };
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    link.download = t('secondFactor.fileName');
    link.click();
    URL.revokeObjectURL(link.href);
  };

  return (
    <Stack gap="4">
      <Heading as="h3" size="lg" ref={headingRef} tabIndex={-1} outline="none">
        {t('secondFactor.codesTitle')}
      </Heading>
      <Text>{t('secondFactor.codesIntro')}</Text>
      <PlainList gap="1" aria-label={t('secondFactor.codesTitle')} data-testid="recovery-codes">
        {codes.map((code) => (
          <Box as="li" key={code} fontFamily="mono" fontSize="lg">
            {code}
          </Box>
        ))}
      </PlainList>
      <Flex gap="3" wrap="wrap">
        <Button variant="outline" onClick={() => void copy().catch(() => undefined)}>
          {t('secondFactor.copy')}
        </Button>
        <Button variant="outline" onClick={download}>
          {t('secondFactor.download')}
        </Button>
        <Button onClick={onDone}>{t('secondFactor.done')}</Button>
      </Flex>
    </Stack>
  );
}

function DisableForm() {
  const { t } = useTranslation('profile');
  const disable = useDisableSecondFactor();
  const turnOff = async (password: string) => {
    await disable.mutateAsync({ body: { password } });
    toast.add({ severity: 'success', summary: t('secondFactor.disabled'), group: 'profile' });
  };

  return <PasswordConfirmForm passwordId="second-factor-password" words="secondFactor.turnOff" onConfirm={turnOff} />;
}
