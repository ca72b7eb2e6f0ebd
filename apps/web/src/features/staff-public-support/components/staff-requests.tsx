import { Box, Heading, Stack } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EMPTY_FILTERS, filtersFromSearch, searchFor } from '../utils/request-search.ts';
import { RequestsFiltersForm } from './requests-filters.tsx';
import { RequestsTable } from './requests-table.tsx';

/** The public requests: the filters, then the page of requests they select. Everything lives in the address. */
export function StaffRequests() {
  const { t } = useTranslation('staffPublicSupport');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearch(searchParams);
  const listHeadingId = useId();
  return (
    <Stack gap="6">
      <RequestsFiltersForm
        filters={filters}
        onApply={(next) => setSearchParams(new URLSearchParams(searchFor(next)))}
        onReset={() => setSearchParams(new URLSearchParams(searchFor(EMPTY_FILTERS)))}
      />
      <Box as="section" aria-labelledby={listHeadingId}>
        <Heading as="h2" id={listHeadingId} size="md" mb="1">
          {t('list.caption')}
        </Heading>
        <RequestsTable filters={filters} captionId={listHeadingId} />
      </Box>
    </Stack>
  );
}
