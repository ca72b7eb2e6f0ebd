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
import { staffBuildingsQueryOptions } from '../api/staff-public-support-queries.ts';
import {
  CATEGORIES,
  ORDERINGS,
  SEARCH_MAX,
  STATUSES,
  type RequestFilters,
  type RequestOrdering,
} from '../utils/request-search.ts';

export const FILTER_IDS = {
  statuses: 'requests-status',
  categories: 'requests-category',
  building: 'requests-building',
  search: 'requests-search',
  ordering: 'requests-ordering',
} as const;

function createSchema(t: TFunction<'staffPublicSupport'>) {
  return z.object({
    statuses: z.array(z.string()),
    categories: z.array(z.string()),
    building: z.string(),
    search: z.string().check(z.trim(), z.maxLength(SEARCH_MAX, { error: t('list.errors.searchTooLong') })),
    ordering: z.string(),
  });
}

type FormValues = z.input<ReturnType<typeof createSchema>>;

function formValues(filters: RequestFilters): FormValues {
  return {
    statuses: filters.statuses,
    categories: filters.categories,
    building: filters.building === null ? '' : String(filters.building),
    search: filters.search ?? '',
    ordering: filters.ordering,
  };
}

/**
 * The list's filters: statuses and kinds (any of the ticked), building, full text and the
 * ordering. They are applied with the button and live in the address; the form follows the
 * address (back, forward, a link).
 */
export function RequestsFiltersForm({
  filters,
  onApply,
  onReset,
}: {
  filters: RequestFilters;
  onApply: (filters: RequestFilters) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation(['staffPublicSupport', 'common']);
  const schema = useMemo(() => createSchema(t), [t]);
  const { form, feedback } = useAddressForm(schema, formValues(filters));
  const { errors } = form.formState;
  const field = useFieldProps(FILTER_IDS, errors);

  // Until the buildings are there (or if they fail) the select offers what the address holds.
  const buildings = useQuery(staffBuildingsQueryOptions()).data ?? [];
  const buildingOptions = withCurrentOption(
    buildings.map((building) => ({ value: String(building.id), label: building.name })),
    filters.building === null ? null : String(filters.building),
  );

  const onSubmit = form.handleSubmit((values) => {
    const building = Number.parseInt(values.building, 10);
    onApply({
      statuses: STATUSES.filter((status) => values.statuses.includes(status)),
      categories: CATEGORIES.filter((category) => values.categories.includes(category)),
      building: Number.isInteger(building) && building > 0 ? building : null,
      search: values.search === '' ? null : values.search,
      ordering: (ORDERINGS as readonly string[]).includes(values.ordering)
        ? (values.ordering as RequestOrdering)
        : filters.ordering,
      page: 1,
    });
  }, feedback.summary.focus);

  return (
    <FiltersForm
      title={t('list.filters')}
      feedback={feedback}
      summaryItems={formSummaryItems(FILTER_IDS, errors, null)}
      onSubmit={(event) => void onSubmit(event)}
      applyLabel={t('list.apply')}
      resetLabel={t('list.reset')}
      onReset={onReset}
      checkboxGroups={
        <>
          <CheckboxGroup
            legend={t('list.status')}
            options={STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
            registration={form.register('statuses')}
            firstId={FILTER_IDS.statuses}
          />
          <CheckboxGroup
            legend={t('list.category')}
            options={CATEGORIES.map((value) => ({ value, label: t(`category.${value}`) }))}
            registration={form.register('categories')}
            firstId={FILTER_IDS.categories}
          />
        </>
      }
    >
      <SelectField
        {...field('building')}
        label={t('list.building')}
        registration={form.register('building')}
        placeholder={t('list.all')}
        options={buildingOptions}
      />
      <FilterSearchField
        {...field('search')}
        label={t('list.search')}
        hint={t('list.searchHint')}
        registration={form.register('search')}
      />
      <SelectField
        {...field('ordering')}
        label={t('list.ordering')}
        registration={form.register('ordering')}
        options={ORDERINGS.map((ordering) => ({ value: ordering, label: t(`list.orderings.${ordering}`) }))}
      />
    </FiltersForm>
  );
}
