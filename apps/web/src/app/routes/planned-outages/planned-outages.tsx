import { Stack, Text } from '@chakra-ui/react';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { AfterHydration } from '#src/components/ui/after-hydration.tsx';
import { PageHeading } from '#src/components/ui/page-header.tsx';
import { env } from '#src/config/env.ts';
import { outageBuildingsQueryOptions, outagesQueryOptions } from '#src/features/planned-outages/api/outage-queries.ts';
import { OutagesList } from '#src/features/planned-outages/components/outages-list.tsx';
import { outageFiltersFromSearch, outageSearch } from '#src/features/planned-outages/utils/outage-search.ts';
import { isApiError } from '#src/lib/errors.ts';
import { selectedTenant, useSession } from '#src/lib/session.ts';
import '#src/features/planned-outages/i18n.ts';

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    // Prerendered without data: the list renders after hydration (AfterHydration).
    if (env.prerendering) return null;
    const url = new URL(request.url);
    const filters = outageFiltersFromSearch(url.searchParams);
    try {
      await Promise.all([
        queryClient.ensureQueryData(outagesQueryOptions(filters)),
        queryClient.ensureQueryData(outageBuildingsQueryOptions()),
      ]);
    } catch (error) {
      // A page past the end (an old link): the first page of the same view.
      if (isApiError(error) && error.status === 404 && error.code === 'invalid_page') {
        return redirect(`${url.pathname}${outageSearch({ ...filters, page: 1 })}`);
      }
      throw error;
    }
    return null;
  };

/** `/planovane-vypadky`: planned outages, public; a logged-in tenant also sees its tenant-only ones. */
export default function PlannedOutagesRoute() {
  const { t } = useTranslation('plannedOutages');
  const session = useSession();
  const tenant = selectedTenant(session);
  return (
    <Stack gap="6">
      <PageHeading title={t('title')} />
      <Text maxW="3xl">
        {t('intro')}
        {tenant ? ` ${t('introTenant')}` : null}
      </Text>
      <AfterHydration minH="96">
        <OutagesList />
      </AfterHydration>
    </Stack>
  );
}
