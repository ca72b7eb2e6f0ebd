import { Box, Flex, Heading, Text } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '#src/lib/format.ts';
import type { MeterUnit, ReadingReason } from '../api/meter-queries.ts';
import type { ReadingCheck } from '../utils/reading-check.ts';
import { formatDailyRate, formatMeterQuantity } from '../utils/format-meter.ts';

type Question = Exclude<ReadingCheck, { kind: 'ok' }>;

/**
 * The question a reading raises before it is sent: for a value below the last reading, whether
 * the meter was replaced or rolled over (the API needs that `reason`); for a jump far above the
 * usual consumption, whether the value is right. Shown inline under the fields rather than in a
 * modal, so the typed value stays in view; it takes focus when it appears so that screen
 * readers announce it. Nothing is sent until one of its answers is chosen.
 */
export function ReadingQuestion({
  question,
  value,
  unit,
  sending,
  onAnswer,
  onCorrect,
}: {
  question: Question;
  value: string;
  unit: MeterUnit;
  sending: boolean;
  onAnswer: (reason: ReadingReason | null) => void;
  onCorrect: () => void;
}) {
  const { t } = useTranslation('meterReadings');
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, [question]);

  const date = formatDate(question.last.read_at);
  const text =
    question.kind === 'lower'
      ? t('lower.text', {
          value: formatMeterQuantity(value, unit),
          last: formatMeterQuantity(question.last.value, unit),
          date,
        })
      : t('jump.text', {
          date,
          consumption: formatMeterQuantity(question.consumption, unit),
          rate: formatDailyRate(question.dailyRate, unit),
          usual: formatDailyRate(question.usualDailyRate, unit),
        });

  return (
    <Box
      role="group"
      aria-labelledby={headingId}
      borderWidth="2px"
      borderColor="border.warning"
      bg="bg.warning"
      borderRadius="l2"
      p="4"
    >
      <Heading
        as="h4"
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        size="md"
        mb="2"
        _focusVisible={{ outline: 'none' }}
      >
        {t(question.kind === 'lower' ? 'lower.title' : 'jump.title')}
      </Heading>
      <Text>{text}</Text>
      <Text mt="1" textStyle="sm">
        {t(question.kind === 'lower' ? 'lower.hint' : 'jump.hint')}
      </Text>
      <Flex mt="4" gap="3" wrap="wrap">
        {question.kind === 'lower' ? (
          <>
            <Button onClick={() => onAnswer('meter_replaced')} loading={sending}>
              {t('lower.replaced')}
            </Button>
            <Button onClick={() => onAnswer('rollover')} loading={sending}>
              {t('lower.rollover')}
            </Button>
          </>
        ) : (
          <Button onClick={() => onAnswer(null)} loading={sending}>
            {t('jump.confirm')}
          </Button>
        )}
        <Button variant="outline" onClick={onCorrect} disabled={sending}>
          {t(question.kind === 'lower' ? 'lower.correct' : 'jump.correct')}
        </Button>
      </Flex>
    </Box>
  );
}
