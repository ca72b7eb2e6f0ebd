import { Stack } from '@chakra-ui/react';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { PageHeader } from '#src/components/ui/page-header.tsx';
import { staffOutagesQueryOptions } from '#src/features/staff-outages/api/staff-outage-queries.ts';
import { StaffOutages } from '#src/features/staff-outages/components/staff-outages.tsx';
import { filtersFromSearch } from '#src/features/staff-outages/utils/outage-search.ts';
import '#src/features/staff-outages/i18n.ts';

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await queryClient.ensureQueryData(staffOutagesQueryOptions(filtersFromSearch(new URL(request.url).searchParams)));
    return null;
  };

/** `/sprava/vypadky`: the staff announce, edit and cancel planned outages („Plánované odstávky"). */
export default function StaffOutagesRoute() {
  const { t } = useTranslation('staffOutages');
  return (
    <Stack gap="6">
      <PageHeader title={t('title')} intro={t('intro')} />
      <StaffOutages />
    </Stack>
  );
}
