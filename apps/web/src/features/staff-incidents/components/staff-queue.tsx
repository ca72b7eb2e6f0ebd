import { Box, Heading, Stack } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EMPTY_FILTERS, filtersFromSearch, searchFor } from '../utils/queue-search.ts';
import { QueueFiltersForm } from './queue-filters.tsx';
import { QueueTable } from './queue-table.tsx';

/** The staff queue: the filters, then the page of tickets they select. Everything lives in the address. */
export function StaffQueue() {
  const { t } = useTranslation('staffIncidents');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearch(searchParams);
  const listHeadingId = useId();
  return (
    <Stack gap="6">
      <QueueFiltersForm
        filters={filters}
        onApply={(next) => setSearchParams(new URLSearchParams(searchFor(next)))}
        onReset={() => setSearchParams(new URLSearchParams(searchFor(EMPTY_FILTERS)))}
      />
      {/* No <section> named by this heading: the table's scroll region is named by it, and two
          landmarks of one name would be indistinguishable. */}
      <Box>
        <Heading as="h2" id={listHeadingId} size="md" mb="1">
          {t('queue.caption')}
        </Heading>
        <QueueTable filters={filters} captionId={listHeadingId} />
      </Box>
    </Stack>
  );
}
