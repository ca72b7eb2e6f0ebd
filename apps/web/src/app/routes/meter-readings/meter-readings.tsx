import { Grid, Heading, Stack, Text } from '@chakra-ui/react';
import type { QueryClient } from '@tanstack/react-query';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { redirect, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { PageTitle } from '#src/components/ui/page-title.tsx';
import { href } from '#src/config/paths.ts';
import {
  meterHistoryQueryOptions,
  metersQueryOptions,
  type Meter,
} from '#src/features/meter-readings/api/meter-queries.ts';
import { MeterDetail } from '#src/features/meter-readings/components/meter-detail.tsx';
import { MetersList } from '#src/features/meter-readings/components/meters-list.tsx';
import { meterSearch, readMeterSearch } from '#src/features/meter-readings/utils/meter-search.ts';
import { isApiError } from '#src/lib/errors.ts';
import '#src/features/meter-readings/i18n.ts';

/** The meter named in the URL when it is one of the tenant's, else the first one. */
function selectedMeter(meters: readonly Meter[], wanted: number | null): Meter | undefined {
  return meters.find((meter) => meter.id === wanted) ?? meters[0];
}

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const { meter: wanted, page } = readMeterSearch(new URL(request.url).searchParams);
    // With a meter in the URL its history loads alongside the list, not after it (the second
    // ensureQueryData below joins this request).
    if (wanted !== null) void queryClient.prefetchQuery(meterHistoryQueryOptions(wanted, page));
    const { items } = await queryClient.ensureQueryData(metersQueryOptions());
    const meter = selectedMeter(items, wanted);
    if (!meter) return null;
    try {
      await queryClient.ensureQueryData(meterHistoryQueryOptions(meter.id, meter.id === wanted ? page : 1));
    } catch (error) {
      // A history page past the end (an old link after readings moved): its first page instead.
      if (isApiError(error) && error.status === 404 && page > 1)
        return redirect(`${href('meterReadings')}${meterSearch({ meter: meter.id, page: 1 })}`);
      throw error;
    }
    return null;
  };

/** `/odpocet-meridel`: the tenant's meters, a new reading and the history of the selected one. */
export default function MeterReadingsRoute() {
  const { t } = useTranslation('meterReadings');
  const [searchParams] = useSearchParams();
  const { meter: wanted, page } = readMeterSearch(searchParams);
  const { data } = useSuspenseQuery(metersQueryOptions());
  const meter = selectedMeter(data.items, wanted);
  // A page of another meter's history makes no sense for the first meter shown instead.
  const historyPage = meter?.id === wanted ? page : 1;

  return (
    <Stack gap="6">
      <PageTitle title={t('title')} />
      <Stack gap="2">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {t('title')}
        </Heading>
        <Text maxW="3xl">{t('intro')}</Text>
      </Stack>
      {meter ? (
        <Grid
          templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 20rem) minmax(0, 1fr)' }}
          gap={{ base: '8', lg: '10' }}
          alignItems="start"
        >
          <MetersList meters={data.items} selectedId={meter.id} />
          <MeterDetail meter={meter} historyPage={historyPage} />
        </Grid>
      ) : (
        <Text fontSize="lg" py="4">
          {t('empty')}
        </Text>
      )}
    </Stack>
  );
}
