import { Box, Input, Stack } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { Field } from '@portal/ui/field';
import { Textarea } from '@portal/ui/textarea';
import { toast } from '@portal/ui/toast';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, formSummaryItems, useErrorSummaryFocus } from '#src/components/ui/error-summary.tsx';
import { errorMessage, isUnauthorized, serverFieldErrors } from '#src/lib/errors.ts';
import type { Meter, ReadingReason } from '../api/meter-queries.ts';
import { useSubmitReading, type ReadingCreateBody } from '../api/use-submit-reading.ts';
import { UNIT_SYMBOL } from '../utils/format-meter.ts';
import { parseMeterValue, type MeterValueProblem } from '../utils/meter-value.ts';
import { checkReading, type ReadingCheck } from '../utils/reading-check.ts';
import { ReadingQuestion } from './reading-question.tsx';

export const READING_FIELD_IDS = { value: 'reading-value', note: 'reading-note' } as const;
type FieldName = keyof typeof READING_FIELD_IDS;
const SERVER_FIELDS = ['value', 'note', 'meter'] as const;

/** upstream.yaml ReadingCreate: `note` maxLength. */
export const NOTE_MAX = 500;

const VALUE_ERRORS: Record<
  MeterValueProblem,
  'form.errors.valueRequired' | 'form.errors.valueFormat' | 'form.errors.valueDecimals' | 'form.errors.valueTooLarge'
> = {
  required: 'form.errors.valueRequired',
  format: 'form.errors.valueFormat',
  decimals: 'form.errors.valueDecimals',
  tooLarge: 'form.errors.valueTooLarge',
};

interface PendingQuestion {
  check: Exclude<ReadingCheck, { kind: 'ok' }>;
  body: ReadingCreateBody & { value: string };
}

/**
 * A new reading of one meter: value and note (picture is always null, docs/product.md §3). Validated on
 * submit (GOV.UK pattern). A value below the last reading or an implausible jump first asks
 * (`ReadingQuestion`); only an answer sends it. Success and failure are toasts; after a failure
 * everything typed stays, with the server's field messages next to the fields.
 */
export function ReadingForm({ meter }: { meter: Meter }) {
  const { t } = useTranslation(['meterReadings', 'common']);
  const submit = useSubmitReading();
  const summary = useErrorSummaryFocus();
  const valueInput = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, { message: string }>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [question, setQuestion] = useState<PendingQuestion | null>(null);

  const send = async (body: ReadingCreateBody, confirmedJump: boolean) => {
    setServerError(null);
    try {
      const reading = await submit.mutateAsync(body);
      setQuestion(null);
      setValue('');
      setNote('');
      setErrors({});
      toast.add({ severity: 'success', summary: t('form.saved') });
      // The API judged a jump the portal did not foresee (a reading in between, a clock apart).
      if (reading.implausible_jump && !confirmedJump) toast.add({ severity: 'warn', summary: t('form.savedFlagged') });
      valueInput.current?.focus();
    } catch (failure) {
      setQuestion(null);
      // An ended session is handled globally: the login page, then back here.
      if (isUnauthorized(failure)) return;
      const fields = Object.fromEntries(serverFieldErrors(failure, SERVER_FIELDS));
      setErrors({
        ...(fields.value ? { value: { message: fields.value } } : {}),
        ...(fields.note ? { note: { message: fields.note } } : {}),
      });
      setServerError(fields.meter ?? errorMessage(failure));
      toast.add({
        severity: 'error',
        summary: t('form.failed'),
        detail: fields.value ?? fields.meter ?? errorMessage(failure),
      });
      summary.focus();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseMeterValue(value);
    const noteText = note.trim();
    const found: typeof errors = {};
    if (!parsed.ok) found.value = { message: t(VALUE_ERRORS[parsed.problem]) };
    if (noteText.length > NOTE_MAX) found.note = { message: t('form.errors.noteTooLong') };
    setErrors(found);
    setServerError(null);
    if (!parsed.ok || found.note) {
      summary.focus();
      return;
    }
    const body = { meter: meter.id, value: parsed.value, note: noteText || null, picture: null };
    const check = checkReading(meter, parsed.value);
    if (check.kind === 'ok') void send(body, false);
    else setQuestion({ check, body });
  };

  const answer = (reason: ReadingReason | null) => {
    if (!question) return;
    void send(reason ? { ...question.body, reason } : question.body, question.check.kind === 'jump');
  };

  const correct = () => {
    setQuestion(null);
    valueInput.current?.focus();
    valueInput.current?.select();
  };

  const errorPrefix = t('common:form.errorPrefix');
  return (
    <Box>
      <ErrorSummary
        ref={summary.ref}
        title={t('common:form.errorSummaryTitle')}
        items={formSummaryItems(READING_FIELD_IDS, errors, serverError)}
      />
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="4" maxW="xl">
          <Field
            id={READING_FIELD_IDS.value}
            label={t('form.value')}
            helperText={t('form.valueHint', { unit: UNIT_SYMBOL[meter.unit] })}
            errorText={errors.value?.message}
            errorPrefix={errorPrefix}
          >
            {/* type=text with the decimal pad: a comma or a point, both accepted (docs/czech.md §2). */}
            <Input
              ref={valueInput}
              name="value"
              value={value}
              onChange={(event) => {
                setValue(event.target.value);
                // A changed value must be judged afresh.
                setQuestion(null);
              }}
              inputMode="decimal"
              autoComplete="off"
              spellCheck={false}
              maxW="xs"
            />
          </Field>
          <Field
            id={READING_FIELD_IDS.note}
            label={t('form.note')}
            optionalText={t('common:form.optional')}
            helperText={t('form.noteHint')}
            errorText={errors.note?.message}
            errorPrefix={errorPrefix}
          >
            <Textarea name="note" value={note} onChange={(event) => setNote(event.target.value)} rows={3} />
          </Field>
          {question ? (
            <ReadingQuestion
              question={question.check}
              value={question.body.value}
              unit={meter.unit}
              sending={submit.isPending}
              onAnswer={answer}
              onCorrect={correct}
            />
          ) : (
            <Button type="submit" alignSelf="flex-start" loading={submit.isPending}>
              {t('form.submit')}
            </Button>
          )}
        </Stack>
      </form>
    </Box>
  );
}
