import { Stack } from '@chakra-ui/react';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { PageHeader } from '#src/components/ui/page-header.tsx';
import { staffQueueQueryOptions } from '#src/features/staff-incidents/api/staff-incident-queries.ts';
import { StaffQueue } from '#src/features/staff-incidents/components/staff-queue.tsx';
import { filtersFromSearch } from '#src/features/staff-incidents/utils/queue-search.ts';
import '#src/features/staff-incidents/i18n.ts';

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await queryClient.ensureQueryData(staffQueueQueryOptions(filtersFromSearch(new URL(request.url).searchParams)));
    return null;
  };

/** `/sprava/incidenty`: the queue of every tenant's incidents („Incidenty nájemců"). */
export default function StaffIncidentsRoute() {
  const { t } = useTranslation('staffIncidents');
  return (
    <Stack gap="6">
      <PageHeader title={t('queue.title')} intro={t('queue.intro')} />
      <StaffQueue />
    </Stack>
  );
}
