import { Alert, Box, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDateTimeRange } from '#src/lib/format.ts';
import { isUnderWay, outagesAheadQueryOptions } from '#src/lib/outages-ahead.ts';
import { useRuntimeConfig } from '#src/lib/runtime-config.ts';

/**
 * Planned outages under way or starting within 48 hours in the chosen building, shown in the
 * fault report and the new-incident form before anything else is asked, so nobody reports what
 * the operator already announced – and may still report. Skipped when the planned-outages
 * feature is off. The live region exists from the start, so a screen reader hears the notice
 * when a building is chosen.
 */
export function OutagesAhead({ buildingId }: { buildingId: number | null }) {
  const { t } = useTranslation();
  const { features } = useRuntimeConfig();
  const enabled = features.maintenanceEvents && buildingId !== null;
  const { data: outages = [] } = useQuery({ ...outagesAheadQueryOptions(buildingId ?? 0), enabled });
  const shown = enabled ? outages : [];
  const now = new Date();
  const describeRange = (startsAt: string, endsAt: string | null) =>
    endsAt === null
      ? t('outagesAhead.openEnd', { from: formatDateTime(startsAt) })
      : formatDateTimeRange(startsAt, endsAt);

  return (
    <Box aria-live="polite" data-testid="ongoing-outages">
      {shown.length > 0 ? (
        <Alert.Root status="warning" borderRadius="l3" alignItems="flex-start">
          <Alert.Indicator />
          <Alert.Content gap="2">
            <Alert.Title fontWeight="bold">{t('outagesAhead.title')}</Alert.Title>
            <Alert.Description>
              <Stack as="ul" listStyleType="none" gap="3">
                {shown.map((outage) => (
                  <Box as="li" key={outage.id}>
                    <Text fontWeight="semibold">{outage.title}</Text>
                    <Text textStyle="sm">
                      {isUnderWay(outage, now) ? t('outagesAhead.underWay') : t('outagesAhead.upcoming')}{' '}
                      <time dateTime={outage.starts_at}>{describeRange(outage.starts_at, outage.ends_at)}</time>
                    </Text>
                    {outage.description ? <Text whiteSpace="pre-wrap">{outage.description}</Text> : null}
                  </Box>
                ))}
              </Stack>
              <Text mt="3">{t('outagesAhead.hint')}</Text>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
    </Box>
  );
}
