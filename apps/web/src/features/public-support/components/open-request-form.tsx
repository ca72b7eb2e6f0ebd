import { Box, Button, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { Field } from '@portal/ui/field';
import type { TFunction } from 'i18next';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { useZodForm } from '#src/components/forms/use-zod-form.ts';
import { ErrorSummary, formSummaryItems, useErrorSummaryFocus } from '#src/components/ui/error-summary.tsx';
import { href } from '#src/config/paths.ts';

const CODE_MAX = 64;

function createSchema(t: TFunction<'publicSupport'>) {
  return z.object({
    id: z.string().check(
      // Spaces and a leading „č." are what people copy along with the number.
      z.overwrite((value) => value.replace(/^\s*č\.?\s*/i, '').replace(/\s+/g, '')),
      z.minLength(1, { error: t('open.idRequired'), abort: true }),
      z.regex(/^[1-9]\d{0,9}$/, { error: t('open.idInvalid') }),
    ),
    code: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: t('open.codeRequired'), abort: true }),
        z.maxLength(CODE_MAX, { error: t('open.codeTooLong') }),
      ),
  });
}

/**
 * Opens any request by id and access code (from another device, or after forgetting it here).
 * The page it opens checks the code; a wrong one looks exactly like a missing request.
 */
export function OpenRequestForm({
  defaultId = '',
  headingLevel = 'h2',
}: {
  defaultId?: string;
  headingLevel?: 'h2' | 'h1';
}) {
  const { t } = useTranslation(['publicSupport', 'common']);
  const schema = useMemo(() => createSchema(t), [t]);
  const navigate = useNavigate();
  const summary = useErrorSummaryFocus();
  const prefix = useId();
  const ids = { id: `${prefix}-id`, code: `${prefix}-code` };
  const headingId = `${prefix}-heading`;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(schema, { id: defaultId, code: '' });

  const onSubmit = handleSubmit(async ({ id, code }) => {
    await navigate(`${href('publicSupportDetail', { id })}?code=${encodeURIComponent(code)}`);
  }, summary.focus);

  const errorPrefix = t('common:form.errorPrefix');
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as={headingLevel} id={headingId} size="lg" mb="2">
        {t('open.title')}
      </Heading>
      <Text mb="4">{t('open.intro')}</Text>
      <ErrorSummary
        ref={summary.ref}
        title={t('common:form.errorSummaryTitle')}
        items={formSummaryItems(ids, errors, null)}
      />
      {/* method="post": a native submit never puts the access code into an address. */}
      <form method="post" noValidate onSubmit={(event) => void onSubmit(event)}>
        <Stack gap="4" maxW="md">
          <Field id={ids.id} label={t('open.id')} errorText={errors.id?.message} errorPrefix={errorPrefix}>
            <Input {...register('id')} inputMode="numeric" autoComplete="off" />
          </Field>
          <Field
            id={ids.code}
            label={t('open.code')}
            helperText={t('open.codeHint')}
            errorText={errors.code?.message}
            errorPrefix={errorPrefix}
          >
            <Input
              {...register('code')}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              fontFamily="mono"
            />
          </Field>
          <Button type="submit" alignSelf="flex-start">
            {t('open.submit')}
          </Button>
        </Stack>
      </form>
    </Box>
  );
}
