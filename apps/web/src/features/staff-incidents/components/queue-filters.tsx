import { Input } from '@chakra-ui/react';
import { Field } from '@portal/ui/field';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { CheckboxGroup } from '#src/components/forms/checkbox-group.tsx';
import { FilterSearchField, FiltersForm } from '#src/components/forms/filters-form.tsx';
import { withCurrentOption } from '#src/components/forms/inputs.tsx';
import { SelectField } from '#src/components/forms/select-field.tsx';
import { useAddressForm } from '#src/components/forms/use-address-form.ts';
import { useFieldProps } from '#src/components/forms/use-field-props.ts';
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
  const { form, feedback } = useAddressForm(schema, formValues(filters));
  const { errors } = form.formState;
  const field = useFieldProps(FILTER_IDS, errors);
  const example = formatDayInput(pragueDay());

  // The choices load beside the queue; until then (or if they fail) the selects offer what the
  // address holds, so nothing is lost.
  const buildings = useQuery(staffBuildingsQueryOptions()).data ?? [];
  const tenants = useQuery(staffTenantsQueryOptions()).data ?? [];
  const members = useQuery(staffMembersQueryOptions()).data ?? [];
  const tenantOptions = withCurrentOption(
    tenants.map((tenant) => ({ value: tenant.id, label: tenant.name })),
    filters.tenant,
  );
  const buildingOptions = withCurrentOption(
    buildings.map((building) => ({ value: String(building.id), label: building.name })),
    filters.building === null ? null : String(filters.building),
  );
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
    <FiltersForm
      title={t('queue.filters')}
      feedback={feedback}
      summaryItems={formSummaryItems(FILTER_IDS, errors, null)}
      onSubmit={(event) => void onSubmit(event)}
      applyLabel={t('queue.apply')}
      resetLabel={t('queue.reset')}
      onReset={onReset}
      checkboxGroups={
        <>
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
        </>
      }
    >
      <SelectField
        {...field('building')}
        label={t('queue.building')}
        registration={form.register('building')}
        placeholder={t('queue.all')}
        options={buildingOptions}
      />
      <SelectField
        {...field('tenant')}
        label={t('queue.tenant')}
        registration={form.register('tenant')}
        placeholder={t('queue.all')}
        options={tenantOptions}
      />
      <SelectField
        {...field('assignee')}
        label={t('queue.assignee')}
        registration={form.register('assignee')}
        placeholder={t('queue.all')}
        options={assigneeOptions}
      />
      <SelectField
        {...field('ordering')}
        label={t('queue.ordering')}
        registration={form.register('ordering')}
        options={ORDERINGS.map((ordering) => ({ value: ordering, label: t(`queue.orderings.${ordering}`) }))}
      />
      <FilterSearchField
        {...field('search')}
        label={t('queue.search')}
        hint={t('queue.searchHint')}
        registration={form.register('search')}
      />
      <Field {...field('from')} label={t('queue.from')} helperText={t('queue.dayHint', { example })}>
        <Input {...form.register('from')} autoComplete="off" spellCheck={false} />
      </Field>
      <Field {...field('to')} label={t('queue.to')} helperText={t('queue.dayHint', { example })}>
        <Input {...form.register('to')} autoComplete="off" spellCheck={false} />
      </Field>
    </FiltersForm>
  );
}
