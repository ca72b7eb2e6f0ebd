import { Box, Flex, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDateTimeRange } from '#src/lib/format.ts';
import type { StaffTimelineEntry } from '../api/staff-incident-queries.ts';
import { PRIORITIES, STATUSES } from '../utils/queue-search.ts';

type T = TFunction<'staffIncidents'>;

const statusLabel = (t: T, value: string | null) =>
  STATUSES.includes(value as (typeof STATUSES)[number])
    ? t(`status.${value as (typeof STATUSES)[number]}`)
    : (value ?? '–');
const priorityLabel = (t: T, value: string | null) =>
  PRIORITIES.includes(value as (typeof PRIORITIES)[number])
    ? t(`priority.${value as (typeof PRIORITIES)[number]}`)
    : (value ?? '–');

/** An ISO 8601 interval `<from>/<to>` (a visit window) in Prague time, or null when it is none. */
function formatInterval(value: string | null): string | null {
  const [from, to] = value?.split('/') ?? [];
  if (!from || !to || Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to))) return null;
  return formatDateTimeRange(from, to);
}

/**
 * The Czech heading of an entry. A message says who it is for in words, not only by its look:
 * „Interní poznámka" (staff only), „Odpověď nájemci" (the staff's public answer) or „Zpráva
 * nájemce".
 */
export function describeStaffEntry(t: T, entry: StaffTimelineEntry): string {
  switch (entry.type) {
    case 'comment':
      if (entry.visibility === 'internal') return t('timeline.internal');
      return entry.author_role === 'operator' ? t('timeline.publicReply') : t('timeline.tenantMessage');
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
      const window = formatInterval(entry.to_value);
      return window ? t('timeline.visit_change', { to: window }) : t('timeline.visit_cleared');
    }
  }
}

/**
 * The whole history, oldest first. Internal notes are told apart by their words (the heading and
 * a „Jen pro správu" label before it), a dashed frame and a tinted background – never by colour
 * alone.
 */
export function StaffTimeline({ entries }: { entries: StaffTimelineEntry[] }) {
  const { t } = useTranslation('staffIncidents');
  if (entries.length === 0) return <Text color="fg.muted">{t('detail.timelineEmpty')}</Text>;
  return (
    <Box as="ol" listStyleType="none" display="grid" gap="3" m="0" p="0" data-testid="staff-timeline">
      {entries.map((entry) => {
        const internal = entry.visibility === 'internal';
        const author = entry.author
          ? `${entry.author.display_name} (${entry.author_role === 'operator' ? t('timeline.operator') : t('timeline.tenant')})`
          : t('timeline.system');
        return (
          <Box
            as="li"
            key={entry.id}
            data-visibility={entry.visibility}
            borderLeftWidth="4px"
            borderLeftStyle={internal ? 'dashed' : 'solid'}
            borderColor={internal ? 'orange.solid' : entry.type === 'comment' ? 'brand.solid' : 'border.emphasized'}
            bg={internal ? 'orange.subtle' : undefined}
            borderRadius="l1"
            pl="3"
            pr="2"
            py="2"
          >
            <Flex gap="2" align="baseline" wrap="wrap">
              {internal ? (
                <Text
                  as="span"
                  textStyle="xs"
                  fontWeight="bold"
                  textTransform="uppercase"
                  letterSpacing="wide"
                  borderWidth="1px"
                  borderColor="orange.emphasized"
                  borderRadius="l1"
                  px="1.5"
                  color="fg"
                >
                  <span aria-hidden="true">🔒 </span>
                  {t('timeline.internalBadge')}
                </Text>
              ) : null}
              <Text as="span" fontWeight="semibold">
                {describeStaffEntry(t, entry)}
              </Text>
            </Flex>
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
