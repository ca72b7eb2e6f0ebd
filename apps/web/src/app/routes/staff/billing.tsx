import { Stack } from '@chakra-ui/react';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { PageHeader } from '#src/components/ui/page-header.tsx';
import { staffStatementsQueryOptions } from '#src/features/staff-billing/api/staff-billing-queries.ts';
import { StaffBilling } from '#src/features/staff-billing/components/staff-billing.tsx';
import { filtersFromSearch } from '#src/features/staff-billing/utils/statements-search.ts';
import '#src/features/staff-billing/i18n.ts';

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await queryClient.ensureQueryData(
      staffStatementsQueryOptions(filtersFromSearch(new URL(request.url).searchParams)),
    );
    return null;
  };

/** `/sprava/vyuctovani`: the staff import a tenant's billing statement with its PDF („Import vyúčtování"). */
export default function StaffBillingRoute() {
  const { t } = useTranslation('staffBilling');
  return (
    <Stack gap="6">
      <PageHeader title={t('title')} intro={t('intro')} />
      <StaffBilling />
    </Stack>
  );
}
