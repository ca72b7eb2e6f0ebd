import { Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AttentionList, type AttentionItem } from '#src/components/dashboard/attention-list.tsx';
import { href, ROUTES } from '#src/config/paths.ts';
import { summarizeUnpaid, unpaidStatementsQueryOptions } from '#src/features/billing/api/billing-attention.ts';
import { formatMoney } from '#src/features/billing/utils/billing-format.ts';
import { billingSearch } from '#src/features/billing/utils/billing-search.ts';
import { openIncidentsQueryOptions } from '#src/features/incidents/api/incident-attention.ts';
import { reservationsQueryOptions } from '#src/features/meeting-rooms/api/meeting-room-queries.ts';
import { nextBooking } from '#src/features/meeting-rooms/utils/next-booking.ts';
import { metersQueryOptions } from '#src/features/meter-readings/api/meter-queries.ts';
import { meterSearch } from '#src/features/meter-readings/utils/meter-search.ts';
import { metersDue } from '#src/features/meter-readings/utils/reading-due.ts';
import { outagesInMyBuildingsQueryOptions } from '#src/features/planned-outages/api/outage-attention.ts';
import { formatDate, formatDateTime, formatDateTimeRange, formatDayTimeRange } from '#src/lib/format.ts';
import { incidentNewsQueryOptions } from '#src/lib/incident-news.ts';
import { pragueDay } from '#src/lib/prague-time.ts';
import { useRuntimeConfig } from '#src/lib/runtime-config.ts';
import '#src/features/meter-readings/i18n.ts';

const HEADING_ID = 'co-na-vas-ceka';
/** At most this many outages on the home page; the rest are one click away. */
const MAX_OUTAGES = 3;

/**
 * The tenant's home: what needs their attention now – unpaid statements with the amount, incidents
 * with news or still open, an outage under way or coming in their buildings, their next booking,
 * meters waiting for a reading – each a link to where it is dealt with. Every part asks the API
 * on its own (in parallel) and only for features that are on; a part that fails is left out
 * and said so, the rest still shows.
 */
export function HomeDashboard() {
  const { t } = useTranslation(['home', 'common', 'meterReadings']);
  const { features } = useRuntimeConfig();
  const now = new Date();

  const unpaid = useQuery({ ...unpaidStatementsQueryOptions(), enabled: features.billingStatements });
  const news = useQuery({ ...incidentNewsQueryOptions(), enabled: features.incidents });
  const open = useQuery({ ...openIncidentsQueryOptions(), enabled: features.incidents });
  const outages = useQuery({ ...outagesInMyBuildingsQueryOptions(), enabled: features.maintenanceEvents });
  const bookings = useQuery({
    ...reservationsQueryOptions({ page: 1, from: pragueDay(now) }),
    enabled: features.meetingRooms,
  });
  const meters = useQuery({ ...metersQueryOptions(), enabled: features.meterReadings });

  const parts = [unpaid, news, open, outages, bookings, meters].filter((part) => !part.isPending || part.isFetching);
  const loading = parts.some((part) => part.isPending);
  const failed = parts.some((part) => part.isError);
  const items: AttentionItem[] = [];

  const money = unpaid.data ? summarizeUnpaid(unpaid.data, now) : null;
  if (money) {
    items.push({
      id: 'billing',
      title: t('attention.unpaid', { count: money.count }),
      detail: t('attention.unpaidDetail', { amount: formatMoney(money.amountDue) }),
      to: `${href('billing')}${billingSearch({ page: 1, statementId: money.onlyId })}`,
      urgent: money.overdue > 0,
      urgentLabel: t('attention.overdue', { count: money.overdue }),
    });
  }

  const newsCount = news.data?.tickets_with_news ?? 0;
  if (newsCount > 0) {
    items.push({
      id: 'incident-news',
      title: t('attention.incidentNews', { count: newsCount }),
      detail: t('attention.incidentNewsDetail'),
      to: href('incidents'),
    });
  }
  const latestOpen = open.data?.items[0];
  if (open.data && latestOpen) {
    items.push({
      id: 'incidents-open',
      title: t('attention.incidentsOpen', { count: open.data.total }),
      detail: t('attention.incidentsOpenDetail', {
        subject: latestOpen.subject,
        date: formatDateTime(latestOpen.updated_at),
      }),
      to: open.data.total === 1 ? href('incidentDetail', { id: latestOpen.id }) : href('incidents'),
    });
  }

  const outageRange = (startsAt: string, endsAt: string | null) =>
    endsAt === null
      ? t('common:outagesAhead.openEnd', { from: formatDateTime(startsAt) })
      : formatDateTimeRange(startsAt, endsAt);
  const shownOutages = [...(outages.data?.underWay ?? []), ...(outages.data?.upcoming ?? [])].slice(0, MAX_OUTAGES);
  for (const outage of shownOutages) {
    const underWay = outages.data?.underWay.includes(outage) ?? false;
    items.push({
      id: `outage-${outage.id}`,
      title: t(underWay ? 'attention.outageUnderWay' : 'attention.outageUpcoming', { title: outage.title }),
      detail: t('attention.outageDetail', {
        building: outage.building.name,
        when: outageRange(outage.starts_at, outage.ends_at),
      }),
      to: ROUTES.plannedOutages.path,
      urgent: underWay,
      urgentLabel: t('attention.outageUnderWayLabel'),
    });
  }

  const booking = bookings.data ? nextBooking(bookings.data.items, now) : null;
  if (booking) {
    items.push({
      id: 'booking',
      title: t('attention.nextBooking', { room: booking.room.name }),
      detail: t('attention.nextBookingDetail', {
        when: formatDayTimeRange(booking.starts_at, booking.ends_at),
        title: booking.title,
      }),
      to: ROUTES.meetingRooms.path,
    });
  }

  const due = meters.data ? metersDue(meters.data.items, now) : [];
  const firstDue = due[0];
  if (firstDue) {
    items.push({
      id: 'readings',
      title: t('attention.readingsDue', { count: due.length }),
      detail: due
        .map((meter) =>
          t('attention.readingsDueMeter', {
            meter: `${t(`meterReadings:kind.${meter.kind}`)} ${meter.serial_number}`,
            last:
              meter.last_reading === null
                ? t('attention.readingsNever')
                : t('attention.readingsLast', { date: formatDate(meter.last_reading.read_at) }),
          }),
        )
        .join(', '),
      to: `${href('meterReadings')}${meterSearch({ meter: firstDue.id, page: 1 })}`,
    });
  }

  return (
    <Stack as="section" gap="3" aria-labelledby={HEADING_ID} aria-busy={loading}>
      <Heading as="h2" size="lg" id={HEADING_ID}>
        {t('attention.title')}
      </Heading>
      {items.length > 0 ? <AttentionList items={items} labelledBy={HEADING_ID} /> : null}
      {loading ? <Text color="fg.muted">{t('attention.loading')}</Text> : null}
      {!loading && !failed && items.length === 0 ? <Text>{t('attention.nothing')}</Text> : null}
      {failed ? (
        <Text role="status" color="fg.error">
          {t('attention.partial')}
        </Text>
      ) : null}
    </Stack>
  );
}
