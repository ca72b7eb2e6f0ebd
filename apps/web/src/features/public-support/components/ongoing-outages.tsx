import { Alert, Box, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDateTimeRange } from '#src/lib/format.ts';
import { useRuntimeConfig } from '#src/lib/runtime-config.ts';
import { ongoingOutagesQueryOptions } from '../api/public-support-queries.ts';

/**
 * Planned outages under way in the chosen building, shown in the fault report before anything
 * else is asked, so nobody reports what the operator already announced. Skipped when the
 * planned-outages feature is off. The live region exists from the start, so a screen reader
 * hears the notice when a building is chosen.
 */
export function OngoingOutages({ buildingId }: { buildingId: number | null }) {
  const { t } = useTranslation('publicSupport');
  const { features } = useRuntimeConfig();
  const enabled = features.maintenanceEvents && buildingId !== null;
  const { data: outages = [] } = useQuery({ ...ongoingOutagesQueryOptions(buildingId ?? 0), enabled });
  const shown = enabled ? outages : [];
  const describeRange = (startsAt: string, endsAt: string | null) =>
    endsAt === null
      ? t('fault.outageOpenEnd', { from: formatDateTime(startsAt) })
      : formatDateTimeRange(startsAt, endsAt);

  return (
    <Box aria-live="polite" data-testid="ongoing-outages">
      {shown.length > 0 ? (
        <Alert.Root status="warning" borderRadius="l3" alignItems="flex-start">
          <Alert.Indicator />
          <Alert.Content gap="2">
            <Alert.Title fontWeight="bold">{t('fault.outagesTitle', { count: shown.length })}</Alert.Title>
            <Alert.Description>
              <Stack as="ul" listStyleType="none" gap="3">
                {shown.map((outage) => (
                  <Box as="li" key={outage.id}>
                    <Text fontWeight="semibold">{outage.title}</Text>
                    <Text textStyle="sm">{describeRange(outage.starts_at, outage.ends_at)}</Text>
                    {outage.description ? <Text whiteSpace="pre-wrap">{outage.description}</Text> : null}
                  </Box>
                ))}
              </Stack>
              <Text mt="3">{t('fault.outagesHint')}</Text>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
    </Box>
  );
}
