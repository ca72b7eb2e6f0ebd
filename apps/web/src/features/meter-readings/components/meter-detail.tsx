import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Fact } from '#src/components/ui/fact.tsx';
import { formatDate } from '#src/lib/format.ts';
import type { Meter } from '../api/meter-queries.ts';
import { formatMeterQuantity, UNIT_SYMBOL } from '../utils/format-meter.ts';
import type { FocusTarget } from '../utils/meter-search.ts';
import { MeterHistory } from './meter-history.tsx';
import { meterName, meterPlace } from './meters-list.tsx';
import { ReadingForm } from './reading-form.tsx';

/** The selected meter: its facts, the form for a new reading and its history. */
export function MeterDetail({ meter, historyPage }: { meter: Meter; historyPage: number }) {
  const { t } = useTranslation('meterReadings');
  const location = useLocation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const formHeadingId = useId();

  // Choosing a meter in the list moves focus here, so the form is the next thing read.
  const focus = (location.state as { focus?: FocusTarget } | null)?.focus;
  useEffect(() => {
    if (focus === 'meter') headingRef.current?.focus();
  }, [focus, location.key]);

  return (
    <Stack as="section" aria-labelledby={headingId} gap="8" minW="0">
      <Box>
        <Heading
          as="h2"
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          size="xl"
          mb="3"
          wordBreak="break-word"
          _focusVisible={{ outline: 'none' }}
        >
          {meterName(t, meter)}
        </Heading>
        <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }} gap="3">
          <Fact label={t('meter.serial')}>{meter.serial_number}</Fact>
          <Fact label={t('meter.place')}>{meterPlace(meter)}</Fact>
          <Fact label={t('meter.unit')}>{UNIT_SYMBOL[meter.unit]}</Fact>
          <Fact label={t('meter.lastReading')}>
            {meter.last_reading ? (
              <>
                {formatMeterQuantity(meter.last_reading.value, meter.unit)}{' '}
                <Text as="span" fontWeight="normal" color="fg.muted">
                  (<time dateTime={meter.last_reading.read_at}>{formatDate(meter.last_reading.read_at)}</time>)
                </Text>
              </>
            ) : (
              t('meter.noReading')
            )}
          </Fact>
        </Box>
      </Box>

      <Box as="section" aria-labelledby={formHeadingId}>
        <Heading as="h3" id={formHeadingId} size="lg" mb="3">
          {t('form.title')}
        </Heading>
        {/* Keyed by meter: what was typed for one meter never lands on another. */}
        <ReadingForm key={meter.id} meter={meter} />
      </Box>

      <MeterHistory meter={meter} page={historyPage} />
    </Stack>
  );
}
