import { Box, Button, Flex, Heading, HStack, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { CheckboxGroup } from '#src/components/forms/checkbox-group.tsx';
import { Field } from '@portal/ui/field';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { SelectInput } from '#src/components/forms/inputs.tsx';
import { FormErrorSummary } from '#src/components/forms/form-section.tsx';
import { useSubmitFeedback, useZodForm } from '#src/components/forms/use-zod-form.ts';
import { formSummaryItems } from '#src/components/ui/error-summary.tsx';
import { formatDayInput, parseDayInput, pragueDay } from '#src/lib/prague-time.ts';
import {
  staffBuildingsQueryOptions,
  staffMembersQueryOptions,
  staffTenantsQueryOptions,
} from '../api/staff-incident-queries.ts';
import {
  formatAssignee,
  ORDERINGS,
  parseAssignee,
  PRIORITIES,
  SEARCH_MAX,
  STATUSES,
  type QueueFilters,
  type QueueOrdering,
} from '../utils/queue-search.ts';

export const FILTER_IDS = {
  statuses: 'queue-status',
  priorities: 'queue-priority',
  building: 'queue-building',
  tenant: 'queue-tenant',
  assignee: 'queue-assignee',
  search: 'queue-search',
  from: 'queue-from',
  to: 'queue-to',
  ordering: 'queue-ordering',
} as const;

function createSchema(t: TFunction<'staffIncidents'>) {
  const example = formatDayInput(pragueDay());
  const day = z.string().check(
    z.trim(),
    z.refine((value) => value === '' || parseDayInput(value) !== null, {
      error: t('queue.errors.dayInvalid', { example }),
    }),
  );
  return z
    .object({
      statuses: z.array(z.string()),
      priorities: z.array(z.string()),
      building: z.string(),
      tenant: z.string(),
      assignee: z.string(),
      search: z.string().check(z.trim(), z.maxLength(SEARCH_MAX, { error: t('queue.errors.searchTooLong') })),
      from: day,
      to: day,
      ordering: z.string(),
    })
    .check(
      z.superRefine((values, context) => {
        const from = parseDayInput(values.from);
        const to = parseDayInput(values.to);
        if (from !== null && to !== null && to < from) {
          context.addIssue({
            code: 'custom',
            path: ['to'],
            message: t('queue.errors.rangeReversed'),
            input: values.to,
          });
        }
      }),
    );
}

type FormValues = z.input<ReturnType<typeof createSchema>>;

function formValues(filters: QueueFilters): FormValues {
  return {
    statuses: filters.statuses,
    priorities: filters.priorities,
    building: filters.building === null ? '' : String(filters.building),
    tenant: filters.tenant ?? '',
    assignee: filters.assignee === null ? '' : formatAssignee(filters.assignee),
    search: filters.search ?? '',
    from: filters.from ? formatDayInput(filters.from) : '',
    to: filters.to ? formatDayInput(filters.to) : '',
    ordering: filters.ordering,
  };
}

/**
 * The queue's filters: statuses and priorities (any of the ticked), building, tenant, assignee
 * (a colleague, nobody, me), full text and the days created, and the ordering. They are applied
 * with the button and live in the address; the form follows the address (back, forward, a link).
 */
export function QueueFiltersForm({
  filters,
  onApply,
  onReset,
}: {
  filters: QueueFilters;
  onApply: (filters: QueueFilters) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation(['staffIncidents', 'common']);
  const schema = useMemo(() => createSchema(t), [t]);
  const feedback = useSubmitFeedback();
  const form = useZodForm(schema, formValues(filters));
  const { errors } = form.formState;
  const headingId = useId();
  const errorPrefix = t('common:form.errorPrefix');
  const example = formatDayInput(pragueDay());

  // The address is the truth: another view (back, a link, the reset) resets the form to it.
  const current = JSON.stringify(formValues(filters));
  useEffect(() => {
    form.reset(JSON.parse(current) as FormValues);
  }, [current, form]);

  // The choices load beside the queue; until then (or if they fail) the selects offer what the
  // address holds, so nothing is lost.
  const buildings = useQuery(staffBuildingsQueryOptions()).data ?? [];
  const tenants = useQuery(staffTenantsQueryOptions()).data ?? [];
  const members = useQuery(staffMembersQueryOptions()).data ?? [];
  const tenantOptions = tenants.map((tenant) => ({ value: tenant.id, label: tenant.name }));
  if (filters.tenant !== null && !tenantOptions.some((option) => option.value === filters.tenant)) {
    tenantOptions.unshift({ value: filters.tenant, label: filters.tenant });
  }
  const buildingOptions = buildings.map((building) => ({ value: String(building.id), label: building.name }));
  if (filters.building !== null && !buildingOptions.some((option) => option.value === String(filters.building))) {
    buildingOptions.unshift({ value: String(filters.building), label: String(filters.building) });
  }
  const assigneeOptions = [
    { value: 'nikdo', label: t('queue.assigneeNone') },
    { value: 'ja', label: t('queue.assigneeMe') },
    ...members.map((member) => ({ value: String(member.id), label: member.display_name })),
  ];

  const onSubmit = form.handleSubmit((values) => {
    const building = Number.parseInt(values.building, 10);
    onApply({
      statuses: STATUSES.filter((status) => values.statuses.includes(status)),
      priorities: PRIORITIES.filter((priority) => values.priorities.includes(priority)),
      building: Number.isInteger(building) && building > 0 ? building : null,
      tenant: values.tenant === '' ? null : values.tenant,
      assignee: parseAssignee(values.assignee),
      search: values.search === '' ? null : values.search,
      from: parseDayInput(values.from),
      to: parseDayInput(values.to),
      ordering: (ORDERINGS as readonly string[]).includes(values.ordering)
        ? (values.ordering as QueueOrdering)
        : filters.ordering,
      page: 1,
    });
  }, feedback.summary.focus);

  return (
    <Box as="section" aria-labelledby={headingId}>
      <FormErrorSummary feedback={feedback} items={formSummaryItems(FILTER_IDS, errors, null)} />
      <Heading as="h2" id={headingId} size="md" mb="3">
        {t('queue.filters')}
      </Heading>
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={headingId}>
        <Stack gap="4">
          <Flex gap="6" wrap="wrap">
            <CheckboxGroup
              legend={t('queue.status')}
              options={STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
              registration={form.register('statuses')}
              firstId={FILTER_IDS.statuses}
            />
            <CheckboxGroup
              legend={t('queue.priority')}
              options={PRIORITIES.map((value) => ({ value, label: t(`priority.${value}`) }))}
              registration={form.register('priorities')}
              firstId={FILTER_IDS.priorities}
            />
          </Flex>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
            <Field id={FILTER_IDS.building} label={t('queue.building')} errorPrefix={errorPrefix}>
              <SelectInput
                id={FILTER_IDS.building}
                {...form.register('building')}
                placeholder={t('queue.all')}
                options={buildingOptions}
              />
            </Field>
            <Field id={FILTER_IDS.tenant} label={t('queue.tenant')} errorPrefix={errorPrefix}>
              <SelectInput
                id={FILTER_IDS.tenant}
                {...form.register('tenant')}
                placeholder={t('queue.all')}
                options={tenantOptions}
              />
            </Field>
            <Field id={FILTER_IDS.assignee} label={t('queue.assignee')} errorPrefix={errorPrefix}>
              <SelectInput
                id={FILTER_IDS.assignee}
                {...form.register('assignee')}
                placeholder={t('queue.all')}
                options={assigneeOptions}
              />
            </Field>
            <Field id={FILTER_IDS.ordering} label={t('queue.ordering')} errorPrefix={errorPrefix}>
              <SelectInput
                id={FILTER_IDS.ordering}
                {...form.register('ordering')}
                options={ORDERINGS.map((ordering) => ({ value: ordering, label: t(`queue.orderings.${ordering}`) }))}
              />
            </Field>
            <Field
              id={FILTER_IDS.search}
              label={t('queue.search')}
              helperText={t('queue.searchHint')}
              errorText={errors.search?.message}
              errorPrefix={errorPrefix}
              gridColumn={{ sm: 'span 2' }}
            >
              <Input {...form.register('search')} type="search" autoComplete="off" />
            </Field>
            <Field
              id={FILTER_IDS.from}
              label={t('queue.from')}
              helperText={t('queue.dayHint', { example })}
              errorText={errors.from?.message}
              errorPrefix={errorPrefix}
            >
              <Input {...form.register('from')} autoComplete="off" spellCheck={false} />
            </Field>
            <Field
              id={FILTER_IDS.to}
              label={t('queue.to')}
              helperText={t('queue.dayHint', { example })}
              errorText={errors.to?.message}
              errorPrefix={errorPrefix}
            >
              <Input {...form.register('to')} autoComplete="off" spellCheck={false} />
            </Field>
          </SimpleGrid>
          <HStack gap="2" wrap="wrap">
            <Button type="submit">{t('queue.apply')}</Button>
            <Button type="button" variant="ghost" onClick={onReset}>
              {t('queue.reset')}
            </Button>
          </HStack>
        </Stack>
      </form>
    </Box>
  );
}
