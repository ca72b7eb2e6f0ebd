import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, type LoaderFunctionArgs } from 'react-router';
import { PageTitle } from '#src/components/ui/page-title.tsx';
import { env } from '#src/config/env.ts';
import { href } from '#src/config/paths.ts';
import { incidentsQueryOptions } from '#src/features/incidents/api/incident-queries.ts';
import { filtersFromSearch, IncidentsList } from '#src/features/incidents/components/incidents-list.tsx';
import '#src/features/incidents/i18n.ts';

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    // Prerendered as the tenant area's shell, without data: the list renders after hydration.
    if (env.prerendering) return null;
    const filters = filtersFromSearch(new URL(request.url).searchParams);
    await queryClient.ensureQueryData(incidentsQueryOptions(filters));
    return null;
  };

/** `/hlaseni-incidentu`: the tenant's incidents. */
export default function IncidentsRoute() {
  const { t } = useTranslation('incidents');
  return (
    <Stack gap="6">
      <PageTitle title={t('list.title')} />
      <Flex justify="space-between" align="center" gap="4" wrap="wrap">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {t('list.title')}
        </Heading>
        <Button asChild>
          <RouterLink to={href('incidentNew')}>{t('list.new')}</RouterLink>
        </Button>
      </Flex>
      <Text maxW="3xl">{t('list.intro')}</Text>
      <IncidentsList />
    </Stack>
  );
}
