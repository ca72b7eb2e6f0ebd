import { Chart, useChart } from '@chakra-ui/charts';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDayMonth, formatNumber } from '#src/lib/format.ts';
import type { MeterUnit } from '../api/meter-queries.ts';
import type { ConsumptionPoint } from '../utils/consumption-series.ts';
import { formatMeterQuantity } from '../utils/format-meter.ts';

/**
 * Consumption between readings as bars. Loaded on demand (React.lazy in meter-history.tsx):
 * recharts is the heaviest library of the portal, and the page is usable before it arrives.
 * For assistive technology the chart is one image with a summary (`summary`); the readings
 * table next to it holds the same numbers, so recharts' own keyboard layer is switched off –
 * it would put a focus stop inside an image.
 */
export function ConsumptionChart({
  points,
  unit,
  summary,
}: {
  points: ConsumptionPoint[];
  unit: MeterUnit;
  summary: string;
}) {
  const { t } = useTranslation('meterReadings');
  const chart = useChart({
    // „1. 11.“ on the axis, which has little room; the table and the tooltip carry the full date.
    data: points.map((point) => ({ ...point, label: formatDayMonth(point.readAt) })),
    series: [{ name: 'consumption', color: 'brand.solid', label: t('history.chartSeries') }],
  });
  // Chakra types `chart.color` as any; it answers the token's CSS variable reference.
  const color = (token: Parameters<typeof chart.color>[0]) => chart.color(token) as string;
  return (
    <Chart.Root chart={chart} h={{ base: '56', md: '64' }} aspectRatio="auto" role="img" aria-label={summary}>
      <BarChart
        data={chart.data}
        responsive
        accessibilityLayer={false}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      >
        <CartesianGrid stroke={color('border')} vertical={false} />
        <XAxis
          dataKey={chart.key('label')}
          tickLine={false}
          axisLine={false}
          interval="preserveStartEnd"
          minTickGap={8}
        />
        <YAxis
          tickLine={false}
          axisLine={false}
          width={56}
          tickFormatter={(value: number) => formatNumber(value, { maximumFractionDigits: 2 })}
        />
        <Tooltip
          cursor={{ fill: color('bg.muted') }}
          animationDuration={0}
          content={
            <Chart.Tooltip
              hideIndicator
              labelFormatter={(_label, payload) => {
                const readAt = (payload[0]?.payload as ConsumptionPoint | undefined)?.readAt;
                return readAt ? t('history.chartTooltipLabel', { date: formatDate(readAt) }) : '';
              }}
              formatter={(value: number) => formatMeterQuantity(value, unit)}
            />
          }
        />
        <Bar
          dataKey={chart.key('consumption')}
          fill={color('brand.solid')}
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </Chart.Root>
  );
}
