import { Button, Stack } from '@chakra-ui/react';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '#src/components/ui/page-header.tsx';
import { href } from '#src/config/paths.ts';
import {
  overviewListQueryOptions,
  staffCountsQueryOptions,
} from '#src/features/staff-incidents/api/staff-incident-queries.ts';
import { StaffOverview } from '#src/features/staff-incidents/components/staff-overview.tsx';
import '#src/features/staff-incidents/i18n.ts';

export const clientLoader = (queryClient: QueryClient) => async () => {
  await Promise.all([
    queryClient.ensureQueryData(staffCountsQueryOptions()),
    queryClient.ensureQueryData(overviewListQueryOptions('unassigned')),
    queryClient.ensureQueryData(overviewListQueryOptions('mine')),
  ]);
  return null;
};

/** `/sprava`: the staff overview („Správa budov"). */
export default function StaffOverviewRoute() {
  const { t } = useTranslation('staffIncidents');
  return (
    <Stack gap="6">
      <PageHeader title={t('overview.title')} intro={t('overview.intro')} />
      <Button asChild alignSelf="flex-start" variant="outline">
        <RouterLink to={href('staffIncidents')}>{t('overview.queue')}</RouterLink>
      </Button>
      <StaffOverview />
    </Stack>
  );
}
