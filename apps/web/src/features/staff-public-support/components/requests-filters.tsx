import { Box, Button, Flex, Heading, HStack, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { Field } from '@portal/ui/field';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { FormErrorSummary } from '#src/components/forms/form-section.tsx';
import { SelectInput } from '#src/components/forms/inputs.tsx';
import { CheckboxGroup } from '#src/components/forms/checkbox-group.tsx';
import { useSubmitFeedback, useZodForm } from '#src/components/forms/use-zod-form.ts';
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
  const feedback = useSubmitFeedback();
  const form = useZodForm(schema, formValues(filters));
  const { errors } = form.formState;
  const headingId = useId();
  const errorPrefix = t('common:form.errorPrefix');

  // The address is the truth: another view (back, a link, the reset) resets the form to it.
  const current = JSON.stringify(formValues(filters));
  useEffect(() => {
    form.reset(JSON.parse(current) as FormValues);
  }, [current, form]);

  // Until the buildings are there (or if they fail) the select offers what the address holds.
  const buildings = useQuery(staffBuildingsQueryOptions()).data ?? [];
  const buildingOptions = buildings.map((building) => ({ value: String(building.id), label: building.name }));
  if (filters.building !== null && !buildingOptions.some((option) => option.value === String(filters.building))) {
    buildingOptions.unshift({ value: String(filters.building), label: String(filters.building) });
  }

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
    <Box as="section" aria-labelledby={headingId}>
      <FormErrorSummary feedback={feedback} items={formSummaryItems(FILTER_IDS, errors, null)} />
      <Heading as="h2" id={headingId} size="md" mb="3">
        {t('list.filters')}
      </Heading>
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={headingId}>
        <Stack gap="4">
          <Flex gap="6" wrap="wrap">
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
          </Flex>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
            <Field id={FILTER_IDS.building} label={t('list.building')} errorPrefix={errorPrefix}>
              <SelectInput
                id={FILTER_IDS.building}
                {...form.register('building')}
                placeholder={t('list.all')}
                options={buildingOptions}
              />
            </Field>
            <Field
              id={FILTER_IDS.search}
              label={t('list.search')}
              helperText={t('list.searchHint')}
              errorText={errors.search?.message}
              errorPrefix={errorPrefix}
              gridColumn={{ sm: 'span 2' }}
            >
              <Input {...form.register('search')} type="search" autoComplete="off" />
            </Field>
            <Field id={FILTER_IDS.ordering} label={t('list.ordering')} errorPrefix={errorPrefix}>
              <SelectInput
                id={FILTER_IDS.ordering}
                {...form.register('ordering')}
                options={ORDERINGS.map((ordering) => ({ value: ordering, label: t(`list.orderings.${ordering}`) }))}
              />
            </Field>
          </SimpleGrid>
          <HStack gap="2" wrap="wrap">
            <Button type="submit">{t('list.apply')}</Button>
            <Button type="button" variant="ghost" onClick={onReset}>
              {t('list.reset')}
            </Button>
          </HStack>
        </Stack>
      </form>
    </Box>
  );
}
