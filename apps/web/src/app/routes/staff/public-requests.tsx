import { Stack } from '@chakra-ui/react';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { PageHeader } from '#src/components/ui/page-header.tsx';
import { staffRequestsQueryOptions } from '#src/features/staff-public-support/api/staff-public-support-queries.ts';
import { StaffRequests } from '#src/features/staff-public-support/components/staff-requests.tsx';
import { filtersFromSearch } from '#src/features/staff-public-support/utils/request-search.ts';
import '#src/features/staff-public-support/i18n.ts';

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await queryClient.ensureQueryData(staffRequestsQueryOptions(filtersFromSearch(new URL(request.url).searchParams)));
    return null;
  };

/** `/sprava/verejna-podpora`: what visitors filed without logging in („Veřejné požadavky"). */
export default function StaffPublicRequestsRoute() {
  const { t } = useTranslation('staffPublicSupport');
  return (
    <Stack gap="6">
      <PageHeader title={t('list.title')} intro={t('list.intro')} />
      <StaffRequests />
    </Stack>
  );
}
