import { Box, Heading, Link, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Frame } from '#src/components/ui/frame.tsx';
import { formatDate } from '#src/lib/format.ts';
import type { Meter } from '../api/meter-queries.ts';
import { formatMeterQuantity } from '../utils/format-meter.ts';
import { meterSearch, type FocusTarget } from '../utils/meter-search.ts';

/** „Elektroměr EL-FL-3050" */
export function meterName(t: TFunction<'meterReadings'>, meter: Pick<Meter, 'kind' | 'serial_number'>): string {
  return `${t(`kind.${meter.kind}`)} ${meter.serial_number}`;
}

/** „Kancelářský dům Florenc, kuchyňka 3.05" */
export function meterPlace(meter: Pick<Meter, 'building' | 'location'>): string {
  return [meter.building.name, meter.location].filter(Boolean).join(', ');
}

/**
 * The tenant's meters, each with its last reading; a meter's name selects it for the form and
 * the history below (or beside, on a wide screen).
 */
export function MetersList({ meters, selectedId }: { meters: Meter[]; selectedId: number }) {
  const { t } = useTranslation('meterReadings');
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId} minW="0">
      <Heading as="h2" id={headingId} size="lg" mb="3">
        {t('list.title')}
      </Heading>
      <Box as="ul" listStyleType="none" display="grid" gap="3">
        {meters.map((meter) => {
          const selected = meter.id === selectedId;
          return (
            <Frame
              as="li"
              key={meter.id}
              borderColor={selected ? 'brand.solid' : 'border'}
              // A second pixel of border without shifting the content.
              outline={selected ? '1px solid' : undefined}
              outlineColor="brand.solid"
              bg={selected ? 'brand.subtle' : undefined}
              data-testid="meter-card"
            >
              <Link asChild fontWeight="semibold" fontSize="md" color="brand.fg" wordBreak="break-word">
                <RouterLink
                  to={meterSearch({ meter: meter.id, page: 1 })}
                  aria-current={selected ? 'true' : undefined}
                  state={{ focus: 'meter' satisfies FocusTarget }}
                  preventScrollReset
                >
                  {meterName(t, meter)}
                </RouterLink>
              </Link>
              <Text textStyle="sm" color="fg.muted" wordBreak="break-word">
                {meterPlace(meter)}
              </Text>
              <Text textStyle="sm" mt="1">
                {t('list.lastReading')}:{' '}
                {meter.last_reading ? (
                  <Text as="span" fontWeight="semibold">
                    {t('list.readingOn', {
                      value: formatMeterQuantity(meter.last_reading.value, meter.unit),
                      date: formatDate(meter.last_reading.read_at),
                    })}
                  </Text>
                ) : (
                  t('list.noReading')
                )}
              </Text>
            </Frame>
          );
        })}
      </Box>
    </Box>
  );
}
