import { Box, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDateTimeRange } from '#src/lib/format.ts';
import { PRIORITIES, STATUSES, type TimelineEntry } from '../api/incident-queries.ts';

const statusLabel = (t: TFunction<'incidents'>, value: string | null) =>
  STATUSES.includes(value as (typeof STATUSES)[number])
    ? t(`status.${value as (typeof STATUSES)[number]}`)
    : (value ?? '–');
const priorityLabel = (t: TFunction<'incidents'>, value: string | null) =>
  PRIORITIES.includes(value as (typeof PRIORITIES)[number])
    ? t(`priority.${value as (typeof PRIORITIES)[number]}`)
    : (value ?? '–');

/** The Czech heading of one entry; codes are translated, an unknown code is shown as is. */
export function describeEntry(t: TFunction<'incidents'>, entry: TimelineEntry): string {
  switch (entry.type) {
    case 'comment':
      return t('timeline.comment');
    case 'status_change':
      return t('timeline.status_change', {
        from: statusLabel(t, entry.from_value),
        to: statusLabel(t, entry.to_value),
      });
    case 'priority_change':
      return t('timeline.priority_change', {
        from: priorityLabel(t, entry.from_value),
        to: priorityLabel(t, entry.to_value),
      });
    case 'assignment':
      return entry.to_value ? t('timeline.assignment', { to: entry.to_value }) : t('timeline.unassigned');
    case 'visit_change': {
      const window = entry.to_value ? formatInterval(entry.to_value) : null;
      return window ? t('timeline.visit_change', { to: window }) : t('timeline.visit_cleared');
    }
  }
}

/** An ISO 8601 interval `<from>/<to>` (a visit window) in Prague time, or null when it is none. */
function formatInterval(value: string): string | null {
  const [from, to] = value.split('/');
  if (!from || !to || Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to))) return null;
  return formatDateTimeRange(from, to);
}

/** The ticket's history, oldest first, as an ordered list. */
export function IncidentTimeline({ entries }: { entries: TimelineEntry[] }) {
  const { t } = useTranslation('incidents');
  if (entries.length === 0) return <Text color="fg.muted">{t('detail.timelineEmpty')}</Text>;
  return (
    <Box as="ol" listStyleType="none" display="grid" gap="3" data-testid="incident-timeline">
      {entries.map((entry) => {
        const author = entry.author
          ? entry.author_role === 'operator'
            ? `${entry.author.display_name} (${t('timeline.operator')})`
            : entry.author.display_name
          : t('timeline.system');
        return (
          <Box as="li" key={entry.id} borderLeftWidth="3px" borderColor="border.emphasized" pl="3" py="1">
            <Text fontWeight="semibold">{describeEntry(t, entry)}</Text>
            <Text textStyle="sm" color="fg.muted">
              {author} · <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
            </Text>
            {entry.body ? (
              <Text mt="1" whiteSpace="pre-wrap" wordBreak="break-word">
                {entry.body}
              </Text>
            ) : null}
          </Box>
        );
      })}
    </Box>
  );
}
