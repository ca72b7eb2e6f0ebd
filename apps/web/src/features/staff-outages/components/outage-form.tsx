import { Box, Heading, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { Field } from '@portal/ui/field';
import { Textarea } from '@portal/ui/textarea';
import { toast } from '@portal/ui/toast';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useId, useMemo, useRef, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { dayTimeParts, DayTimeRangeFieldsets } from '#src/components/forms/day-time-fieldset.tsx';
import { SectionForm } from '#src/components/forms/form-section.tsx';
import { Radio } from '#src/components/forms/native-choice.tsx';
import { SelectField } from '#src/components/forms/select-field.tsx';
import { useFieldProps } from '#src/components/forms/use-field-props.ts';
import { useSubmitFeedback, useZodForm } from '#src/components/forms/use-zod-form.ts';
import { isStale } from '#src/components/ui/stale-notice.tsx';
import { isUnauthorized } from '#src/lib/errors.ts';
import { formatDayInput, pragueDay } from '#src/lib/prague-time.ts';
import { useCreateOutage, useUpdateOutage } from '../api/staff-outage-mutations.ts';
import {
  CATEGORIES,
  etagOf,
  staffBuildingsQueryOptions,
  VISIBILITIES,
  type OutageCategory,
  type OutageUpdate,
  type OutageVisibility,
  type StaffOutage,
} from '../api/staff-outage-queries.ts';
import { outageTimes, outageTimesInput, outageTimesProblems, type OutageTimesProblem } from '../utils/outage-input.ts';

const FIELD_IDS = {
  building: 'outage-building',
  title: 'outage-title',
  description: 'outage-description',
  category: 'outage-category',
  visibility: 'outage-visibility',
  startDay: 'outage-start-day',
  startTime: 'outage-start-time',
  endDay: 'outage-end-day',
  endTime: 'outage-end-time',
} as const;
/** API field → form field, for the server's field errors. */
const SERVER_FIELDS = {
  building: 'building',
  title: 'title',
  description: 'description',
  category: 'category',
  visibility: 'visibility',
  starts_at: 'startDay',
  ends_at: 'endDay',
} as const;
const TITLE_MAX = 200;
const DESCRIPTION_MAX = 5000;

function timesMessage(t: TFunction<'staffOutages'>, problem: OutageTimesProblem): string {
  if (problem.kind === 'dayInvalid') return t('form.errors.dayInvalid', { example: formatDayInput(pragueDay()) });
  return t(`form.errors.${problem.kind}`);
}

/** What is wrong with the typed outage, one message per field at most, in the fields' order. */
function problems(t: TFunction<'staffOutages'>, values: Values): { field: keyof Values; message: string }[] {
  const found: { field: keyof Values; message: string }[] = [];
  const title = values.title.trim();
  const description = values.description.trim();
  if (values.building === '') found.push({ field: 'building', message: t('form.errors.buildingRequired') });
  if (title === '') found.push({ field: 'title', message: t('form.errors.titleRequired') });
  else if (title.length > TITLE_MAX) found.push({ field: 'title', message: t('form.errors.titleTooLong') });
  if (description === '') found.push({ field: 'description', message: t('form.errors.descriptionRequired') });
  else if (description.length > DESCRIPTION_MAX) {
    found.push({ field: 'description', message: t('form.errors.descriptionTooLong') });
  }
  if (values.category === '') found.push({ field: 'category', message: t('form.errors.categoryRequired') });
  // No default: who sees the outage is a deliberate choice.
  if (!VISIBILITIES.includes(values.visibility as OutageVisibility)) {
    found.push({ field: 'visibility', message: t('form.errors.visibilityRequired') });
  }
  for (const problem of outageTimesProblems(values)) {
    found.push({ field: problem.field, message: timesMessage(t, problem) });
  }
  return found;
}

const fields = z.object({
  building: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  visibility: z.nullable(z.string()),
  startDay: z.string(),
  startTime: z.string(),
  endDay: z.string(),
  endTime: z.string(),
});

// Every rule in one check, so all of them are reported at once (a refinement of the object
// would not run while a field of its own failed).
function createSchema(t: TFunction<'staffOutages'>) {
  return fields.check(
    z.superRefine((values, context) => {
      for (const { field, message } of problems(t, values)) {
        context.addIssue({ code: 'custom', path: [field], message, input: values[field] });
      }
    }),
  );
}

type Values = z.input<typeof fields>;

function valuesOf(outage: StaffOutage | null): Values {
  return {
    building: outage ? String(outage.building.id) : '',
    title: outage?.title ?? '',
    description: outage?.description ?? '',
    category: outage?.category ?? '',
    visibility: outage?.visibility ?? null,
    ...outageTimesInput(outage?.starts_at ?? null, outage?.ends_at ?? null),
  };
}

/**
 * Announces an outage, or edits one (`editing`): building, title, description, kind, who sees
 * it, the Prague start and the optional end. An edit sends only what changed, with the version
 * it was made on (If-Match); a refused version (412) goes to `onStale`, which offers the reload.
 */
export function OutageForm({
  editing,
  onDone,
  onStale,
}: {
  editing: StaffOutage | null;
  onDone: () => void;
  onStale: (message: string) => void;
}) {
  const { t } = useTranslation(['staffOutages', 'common']);
  const schema = useMemo(() => createSchema(t), [t]);
  const feedback = useSubmitFeedback();
  const form = useZodForm(schema, valuesOf(editing));
  const { errors, isSubmitting } = form.formState;
  const field = useFieldProps(FIELD_IDS, errors);
  const create = useCreateOutage();
  const update = useUpdateOutage();
  const buildings = useQuery(staffBuildingsQueryOptions()).data ?? [];
  const headingRef = useRef<HTMLDivElement>(null);
  const visibilityId = useId();

  // Starting an edit brings the form into view with the focus on its heading.
  useEffect(() => {
    if (editing) headingRef.current?.focus();
  }, [editing]);

  const buildingOptions = buildings.map((building) => ({ value: String(building.id), label: building.name }));
  if (editing && !buildingOptions.some((option) => option.value === String(editing.building.id))) {
    buildingOptions.unshift({ value: String(editing.building.id), label: editing.building.name });
  }

  const onSubmit = form.handleSubmit(async (values) => {
    feedback.setServerError(null);
    const times = outageTimes(values);
    const body = {
      building: Number(values.building),
      title: values.title.trim(),
      description: values.description.trim(),
      category: values.category as OutageCategory,
      visibility: values.visibility as OutageVisibility,
      ...times,
    };
    try {
      if (editing) {
        const change: OutageUpdate = {};
        if (body.building !== editing.building.id) change.building = body.building;
        if (body.title !== editing.title) change.title = body.title;
        if (body.description !== editing.description) change.description = body.description;
        if (body.category !== editing.category) change.category = body.category;
        if (body.visibility !== editing.visibility) change.visibility = body.visibility;
        if (Date.parse(body.starts_at) !== Date.parse(editing.starts_at)) change.starts_at = body.starts_at;
        const endsAt = (value: string | null) => (value === null ? null : Date.parse(value));
        if (endsAt(body.ends_at) !== endsAt(editing.ends_at)) change.ends_at = body.ends_at;
        if (Object.keys(change).length === 0) {
          form.setError('title', { type: 'manual', message: t('form.nothing') });
          feedback.summary.focus();
          return;
        }
        await update.mutateAsync({ id: editing.id, etag: etagOf(editing), change });
        toast.add({ severity: 'success', summary: t('form.saved') });
      } else {
        await create.mutateAsync(body);
        form.reset(valuesOf(null));
        toast.add({ severity: 'success', summary: t('form.created') });
      }
      onDone();
    } catch (error) {
      if (isUnauthorized(error)) return;
      if (editing && isStale(error)) {
        onStale((error as Error).message);
        return;
      }
      feedback.fail(error, form.setError, SERVER_FIELDS);
    }
  }, feedback.summary.focus);

  const errorPrefix = t('common:form.errorPrefix');
  const dayHint = t('form.dayHint', { example: formatDayInput(pragueDay()) });
  /** One day or time input of the start and end fieldsets. */
  const part = dayTimeParts(FIELD_IDS, errors, form.register);

  const visibilityError = errors.visibility?.message;
  return (
    <Box ref={headingRef} tabIndex={-1} _focusVisible={{ outline: 'none' }}>
      <SectionForm
        title={editing ? t('form.editTitle', { title: editing.title }) : t('form.createTitle')}
        intro={editing ? t('form.editIntro') : t('form.createIntro')}
        feedback={feedback}
        fieldIds={FIELD_IDS}
        errors={errors}
        onSubmit={onSubmit}
        maxW="3xl"
      >
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <SelectField
            {...field('building')}
            label={t('form.building')}
            registration={form.register('building')}
            placeholder={t('form.buildingPlaceholder')}
            options={buildingOptions}
          />
          <SelectField
            {...field('category')}
            label={t('form.category')}
            registration={form.register('category')}
            placeholder={t('form.categoryPlaceholder')}
            options={CATEGORIES.map((category) => ({ value: category, label: t(`category.${category}`) }))}
          />
        </SimpleGrid>
        <Field {...field('title')} label={t('form.title')} helperText={t('form.titleHint')}>
          <Input {...form.register('title')} autoComplete="off" />
        </Field>
        <Field {...field('description')} label={t('form.description')} helperText={t('form.descriptionHint')}>
          <Textarea {...form.register('description')} rows={4} />
        </Field>
        <Box
          as="fieldset"
          minW="0"
          aria-labelledby={visibilityId}
          aria-describedby={visibilityError ? `${FIELD_IDS.visibility}-error` : undefined}
        >
          <Heading as="legend" id={visibilityId} size="sm" mb="2">
            {t('form.visibility')}
          </Heading>
          {visibilityError ? (
            <Text id={`${FIELD_IDS.visibility}-error`} color="fg.error" fontWeight="semibold" mb="2">
              {errorPrefix} {visibilityError}
            </Text>
          ) : null}
          <Stack gap="3">
            {VISIBILITIES.map((visibility, index) => (
              <HStack as="label" key={visibility} gap="3" align="flex-start" cursor="pointer">
                <Radio
                  type="radio"
                  value={visibility}
                  {...form.register('visibility')}
                  id={index === 0 ? FIELD_IDS.visibility : undefined}
                />
                <Box>
                  <Text fontWeight="medium">
                    {visibility === 'public' ? t('form.visibilityPublic') : t('form.visibilityTenants')}
                  </Text>
                  <Text textStyle="sm" color="fg.muted">
                    {visibility === 'public' ? t('form.visibilityPublicHint') : t('form.visibilityTenantsHint')}
                  </Text>
                </Box>
              </HStack>
            ))}
          </Stack>
        </Box>
        <DayTimeRangeFieldsets
          start={{
            legend: t('form.start'),
            day: part('startDay', t('form.startDay'), dayHint),
            time: part('startTime', t('form.startTime'), t('form.timeHint')),
          }}
          end={{
            legend: t('form.end'),
            hint: t('form.endHint'),
            day: part('endDay', t('form.endDay'), dayHint),
            time: part('endTime', t('form.endTime'), t('form.timeHint')),
          }}
          errorPrefix={errorPrefix}
        />
        <HStack gap="3" wrap="wrap">
          <Button type="submit" loading={isSubmitting}>
            {editing ? t('form.submitEdit') : t('form.submitCreate')}
          </Button>
          {editing ? (
            <Button type="button" variant="outline" onClick={onDone}>
              {t('form.discard')}
            </Button>
          ) : null}
        </HStack>
      </SectionForm>
    </Box>
  );
}
