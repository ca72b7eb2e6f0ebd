import { Box, Heading, Stack } from '@chakra-ui/react';
import { Button, type ButtonProps } from '@portal/ui/button';
import { Field } from '@portal/ui/field';
import { Textarea } from '@portal/ui/textarea';
import { useId, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { useZodForm } from './use-zod-form.ts';

/** What became of a sent text: kept with a message at the field, or done (`clear` empties the field). */
export type TextFormOutcome = { ok: true; clear: boolean } | { ok: false; message?: string };

/**
 * A section with one multi-line text and its button (a comment, a closing resolution, a message).
 * The text is checked on submit – `check` answers the Czech message for a refused text, shown at
 * the field with the focus in it – and a failed send keeps what was typed; the caller tells the
 * outcome in its toasts. One field needs no error summary: its message is next to it.
 */
export function TextForm({
  fieldId,
  title,
  label,
  hint,
  rows,
  check,
  submitLabel,
  submitProps,
  pending,
  send,
  children,
}: {
  fieldId: string;
  title: string;
  label: string;
  hint?: string;
  rows: number;
  check: (text: string) => string | null;
  submitLabel: string;
  submitProps?: Pick<ButtonProps, 'colorPalette' | 'variant'>;
  pending: boolean;
  /** Sends the trimmed text. */
  send: (text: string) => Promise<TextFormOutcome>;
  /** Shown above the button (a bot-protection widget). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('common');
  const headingId = useId();
  const schema = useMemo(
    () =>
      z.object({
        text: z.string().check(
          z.trim(),
          z.superRefine((text, context) => {
            const message = check(text);
            if (message !== null) context.addIssue({ code: 'custom', message, input: text });
          }),
        ),
      }),
    [check],
  );
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useZodForm(schema, { text: '' });
  const focusField = () => document.getElementById(fieldId)?.focus();

  const onSubmit = handleSubmit(async ({ text }) => {
    const outcome = await send(text);
    if (outcome.ok) {
      if (outcome.clear) reset();
      return;
    }
    if (outcome.message) {
      setError('text', { type: 'server', message: outcome.message });
      focusField();
    }
  }, focusField);

  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h2" id={headingId} size="lg" mb="3">
        {title}
      </Heading>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <Stack gap="3" maxW="2xl">
          <Field
            id={fieldId}
            label={label}
            helperText={hint}
            errorText={errors.text?.message}
            errorPrefix={t('form.errorPrefix')}
          >
            <Textarea {...register('text')} rows={rows} />
          </Field>
          {children}
          <Button type="submit" alignSelf="flex-start" loading={pending} {...submitProps}>
            {submitLabel}
          </Button>
        </Stack>
      </form>
    </Box>
  );
}
