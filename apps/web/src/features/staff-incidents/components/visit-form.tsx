import { HStack, Stack, Text } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { Field } from '@portal/ui/field';
import { Textarea } from '@portal/ui/textarea';
import { toast } from '@portal/ui/toast';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { dayTimeParts, DayTimeRangeFieldsets } from '#src/components/forms/day-time-fieldset.tsx';
import { FormSection } from '#src/components/forms/form-section.tsx';
import { useSubmitFeedback, useZodForm } from '#src/components/forms/use-zod-form.ts';
import { formSummaryItems } from '#src/components/ui/error-summary.tsx';
import { isUnauthorized, serverFieldErrors } from '#src/lib/errors.ts';
import { formatDateTimeRange } from '#src/lib/format.ts';
import { formatDayInput, pragueDay } from '#src/lib/prague-time.ts';
import { useChangeStaffTicket } from '../api/staff-incident-mutations.ts';
import { visitChange, visitInput, visitProblems, type VisitInput, type VisitProblem } from '../utils/visit-window.ts';
import { isStale } from '#src/components/ui/stale-notice.tsx';
import { useBaseVersion } from '#src/components/forms/use-base-version.ts';
import type { TicketChangeFormProps } from './ticket-change-form-props.ts';

const FIELD_IDS = {
  fromDay: 'staff-visit-from-day',
  fromTime: 'staff-visit-from-time',
  toDay: 'staff-visit-to-day',
  toTime: 'staff-visit-to-time',
  note: 'staff-visit-note',
} as const;

function problemMessage(t: TFunction<'staffIncidents'>, problem: VisitProblem): string {
  if (problem.kind === 'dayInvalid') return t('visit.errors.dayInvalid', { example: formatDayInput(pragueDay()) });
  return t(`visit.errors.${problem.kind}`);
}

function createSchema(t: TFunction<'staffIncidents'>) {
  return z
    .object({ fromDay: z.string(), fromTime: z.string(), toDay: z.string(), toTime: z.string(), note: z.string() })
    .check(
      // The rules need the clock, read at each submit.
      z.superRefine((values, context) => {
        for (const problem of visitProblems(values, new Date())) {
          context.addIssue({
            code: 'custom',
            path: [problem.field],
            message: problemMessage(t, problem),
            input: values[problem.field],
          });
        }
      }),
    );
}

/**
 * The technician's visit window: set, move or clear it. The tenant sees it. Days and times are
 * Prague's; the change carries the version it was made on, like every staff change.
 */
export function VisitForm({ live, own, onStale }: TicketChangeFormProps) {
  const { t } = useTranslation(['staffIncidents', 'common']);
  const schema = useMemo(() => createSchema(t), [t]);
  const feedback = useSubmitFeedback();
  const form = useZodForm(schema, visitInput(live.ticket.visit));
  const { errors, isDirty, isSubmitting } = form.formState;
  const [base, adopt] = useBaseVersion(live, isDirty, {
    own,
    show: (version) => form.reset(visitInput(version.ticket.visit)),
  });
  const change = useChangeStaffTicket(live.ticket.id);
  const [clearing, setClearing] = useState(false);
  const visit = base.ticket.visit;

  async function save(next: ReturnType<typeof visitChange> | null): Promise<boolean> {
    feedback.setServerError(null);
    try {
      adopt(await change.mutateAsync({ etag: base.etag, change: { visit: next } }));
      return true;
    } catch (error) {
      if (isUnauthorized(error)) return false;
      if (isStale(error)) onStale((error as Error).message);
      else {
        // The API names the window as a whole (`visit`): its message leads the summary.
        const [visitError] = serverFieldErrors(error, ['visit']);
        feedback.fail(error, form.setError, {});
        if (visitError) feedback.setServerError(visitError[1]);
      }
      return false;
    }
  }

  const onSubmit = form.handleSubmit(async (values: VisitInput) => {
    if (await save(visitChange(values))) toast.add({ severity: 'success', summary: t('visit.saved') });
  }, feedback.summary.focus);

  const onClear = async () => {
    setClearing(true);
    const done = await save(null);
    setClearing(false);
    if (done) toast.add({ severity: 'success', summary: t('visit.cleared') });
  };

  const errorPrefix = t('common:form.errorPrefix');
  const dayHint = t('visit.dayHint', { example: formatDayInput(pragueDay()) });
  /** One day or time input of the start and end fieldsets. */
  const part = dayTimeParts(FIELD_IDS, errors, form.register);

  return (
    <FormSection
      title={t('visit.title')}
      intro={t('visit.intro')}
      feedback={feedback}
      items={formSummaryItems(FIELD_IDS, errors, feedback.serverError)}
    >
      {visit ? (
        <Text mb="4" fontWeight="medium">
          {t('visit.current', { window: formatDateTimeRange(visit.from, visit.to) })}
        </Text>
      ) : null}
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <Stack gap="5" maxW="2xl">
          <DayTimeRangeFieldsets
            start={{
              legend: t('visit.from'),
              day: part('fromDay', t('visit.fromDay'), dayHint),
              time: part('fromTime', t('visit.fromTime'), t('visit.timeHint')),
            }}
            end={{
              legend: t('visit.to'),
              day: part('toDay', t('visit.toDay'), dayHint),
              time: part('toTime', t('visit.toTime'), t('visit.timeHint')),
            }}
            errorPrefix={errorPrefix}
          />
          <Field
            id={FIELD_IDS.note}
            label={t('visit.note')}
            optionalText={t('common:form.optional')}
            helperText={t('visit.noteHint')}
            errorText={errors.note?.message}
            errorPrefix={errorPrefix}
          >
            <Textarea {...form.register('note')} rows={2} />
          </Field>
          <HStack gap="3" wrap="wrap">
            <Button type="submit" loading={isSubmitting}>
              {t('visit.submit')}
            </Button>
            {visit ? (
              <Button
                type="button"
                variant="outline"
                colorPalette="red"
                loading={clearing}
                onClick={() => void onClear()}
              >
                {t('visit.clear')}
              </Button>
            ) : null}
          </HStack>
        </Stack>
      </form>
    </FormSection>
  );
}
