import { Box, Button, Flex, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { formatDate } from '#src/lib/format.ts';
import { HISTORY_PAGE_SIZE, meterHistoryQueryOptions, type Meter, type Reading } from '../api/meter-queries.ts';
import { consumptionSeries, summarizeConsumption } from '../utils/consumption-series.ts';
import { formatMeterQuantity, UNIT_SYMBOL } from '../utils/format-meter.ts';
import { meterSearch, type FocusTarget } from '../utils/meter-search.ts';

// recharts and the chart pieces stay out of the page's chunk: fetched once the history renders.
const ConsumptionChart = lazy(() =>
  import('./consumption-chart.tsx').then((module) => ({ default: module.ConsumptionChart })),
);

/**
 * On a phone the note moves under the date, so the three number columns fit 360 px without
 * sideways scrolling; from `md` up it has its own column.
 */
const NOTE_COLUMN_DISPLAY = { base: 'none', md: 'table-cell' } as const;
const NOTE_UNDER_DATE_DISPLAY = { base: 'block', md: 'none' } as const;
const CELL_PX = { base: '1.5', md: '3' } as const;

/** A cell of a number column: right-aligned on one line, digits in even widths. */
function NumberCell({ children }: { children: ReactNode }) {
  return (
    <Table.Cell px={CELL_PX} py="2" textAlign="end" whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
      {children}
    </Table.Cell>
  );
}

/** The consumption cell: the amount, or why there is none, plus the implausible-jump mark. */
function ConsumptionCell({ reading, meter }: { reading: Reading; meter: Meter }) {
  const { t } = useTranslation('meterReadings');
  const none = reading.reason
    ? t(`reason.${reading.reason}`)
    : reading.previous_value === null
      ? t('history.first')
      : null;
  return (
    <>
      {reading.consumption !== null ? (
        formatMeterQuantity(reading.consumption, meter.unit)
      ) : (
        // May wrap: on a phone this is the widest cell of the table.
        <Text as="span" color="fg.muted" whiteSpace="normal">
          –&nbsp;{none}
        </Text>
      )}
      {reading.implausible_jump ? (
        <Text as="span" display="block" color="fg.warning" fontWeight="semibold" textStyle="sm">
          {t('history.implausible')}
        </Text>
      ) : null}
    </>
  );
}

/**
 * A meter's readings, newest first, 24 to a page: a bar chart of the consumption between them
 * (loaded on demand) with a text summary, and the table that carries the same numbers.
 */
export function MeterHistory({ meter, page }: { meter: Meter; page: number }) {
  const { t } = useTranslation('meterReadings');
  const { data } = useSuspenseQuery(meterHistoryQueryOptions(meter.id, page));
  const location = useLocation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const captionId = useId();
  const pages = Math.max(1, Math.ceil(data.total / HISTORY_PAGE_SIZE));
  const points = consumptionSeries(data.items);
  const summary = summarizeConsumption(points);
  const unit = UNIT_SYMBOL[meter.unit];

  // Paging moves focus to the history, so the new rows are read from their heading.
  const focus = (location.state as { focus?: FocusTarget } | null)?.focus;
  useEffect(() => {
    if (focus === 'history') headingRef.current?.focus();
  }, [focus, location.key]);

  const pageLink = (target: number, label: string) => (
    <Button asChild variant="outline" size="sm">
      <RouterLink
        to={meterSearch({ meter: meter.id, page: target })}
        state={{ focus: 'history' satisfies FocusTarget }}
        preventScrollReset
      >
        {label}
      </RouterLink>
    </Button>
  );

  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading
        as="h3"
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        size="lg"
        mb="1"
        _focusVisible={{ outline: 'none' }}
      >
        {t('history.title')}
      </Heading>
      {data.total === 0 ? (
        <Text py="2">{t('history.empty')}</Text>
      ) : (
        <Stack gap="5">
          <Text color="fg.muted">{t('history.total', { count: data.total })}</Text>
          <Box as="figure" aria-labelledby={captionId} m="0">
            <Text as="figcaption" id={captionId} textStyle="sm" color="fg.muted" mb="2">
              {summary ? t('history.chartCaption', { unit }) : t('history.chartTooFew')}
            </Text>
            {summary ? (
              <Suspense
                fallback={
                  <Flex h={{ base: '56', md: '64' }} align="center" justify="center" color="fg.muted" role="status">
                    {t('history.chartLoading')}
                  </Flex>
                }
              >
                <ConsumptionChart
                  points={points}
                  unit={meter.unit}
                  summary={t('history.chartSummary', {
                    count: summary.count,
                    from: formatDate(summary.from),
                    to: formatDate(summary.to),
                    min: formatMeterQuantity(summary.min, meter.unit),
                    max: formatMeterQuantity(summary.max, meter.unit),
                  })}
                />
              </Suspense>
            ) : null}
          </Box>

          {/* Should a screen be narrower still, the table scrolls on its own, never the page (WCAG 1.4.10). */}
          <Box
            overflowX="auto"
            tabIndex={0}
            role="region"
            aria-label={t('history.tableRegion')}
            borderWidth="1px"
            borderColor="border"
            borderRadius="l2"
            _focusVisible={{ outline: '3px solid', outlineColor: 'brand.focusRing' }}
          >
            <Table.Root size="sm" w="full" borderCollapse="collapse" textStyle="sm">
              <Table.Caption captionSide="top" textAlign="start" px="3" py="2" fontWeight="semibold">
                {t('history.tableCaption')}
              </Table.Caption>
              <Table.Header>
                <Table.Row borderBottomWidth="1px" borderColor="border">
                  {(['date', 'value', 'consumption', 'note'] as const).map((column) => (
                    <Table.ColumnHeader
                      key={column}
                      scope="col"
                      textAlign={column === 'note' || column === 'date' ? 'start' : 'end'}
                      px={CELL_PX}
                      py="2"
                      whiteSpace="nowrap"
                      display={column === 'note' ? NOTE_COLUMN_DISPLAY : undefined}
                    >
                      {t(`history.${column}`)}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.items.map((reading) => (
                  <Table.Row
                    key={reading.id}
                    borderBottomWidth="1px"
                    borderColor="border"
                    _last={{ borderBottomWidth: '0' }}
                  >
                    <Table.Cell px={CELL_PX} py="2">
                      <time dateTime={reading.read_at} style={{ whiteSpace: 'nowrap' }}>
                        {formatDate(reading.read_at)}
                      </time>
                      {reading.note ? (
                        <Text display={NOTE_UNDER_DATE_DISPLAY} textStyle="xs" color="fg.muted" wordBreak="break-word">
                          {reading.note}
                        </Text>
                      ) : null}
                    </Table.Cell>
                    <NumberCell>{formatMeterQuantity(reading.value, meter.unit)}</NumberCell>
                    <NumberCell>
                      <ConsumptionCell reading={reading} meter={meter} />
                    </NumberCell>
                    <Table.Cell px={CELL_PX} py="2" minW="40" wordBreak="break-word" display={NOTE_COLUMN_DISPLAY}>
                      {reading.note}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>

          {pages > 1 ? (
            <Flex as="nav" aria-label={t('history.pagination')} gap="3" align="center" wrap="wrap">
              {page > 1 ? pageLink(page - 1, t('history.newer')) : null}
              <Text aria-current="page">{t('history.page', { page, pages })}</Text>
              {page < pages ? pageLink(page + 1, t('history.older')) : null}
            </Flex>
          ) : null}
        </Stack>
      )}
    </Box>
  );
}
