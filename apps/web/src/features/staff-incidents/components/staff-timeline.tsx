import { Box, Flex, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { codeLabel, describeChange, TimelineEntryText, TimelineList } from '#src/components/ui/timeline.tsx';
import type { StaffTimelineEntry } from '../api/staff-incident-queries.ts';
import { PRIORITIES, STATUSES } from '../utils/queue-search.ts';

type T = TFunction<'staffIncidents'>;

const statusLabel = (t: T, value: string | null) => codeLabel(STATUSES, value, (status) => t(`status.${status}`));
const priorityLabel = (t: T, value: string | null) =>
  codeLabel(PRIORITIES, value, (priority) => t(`priority.${priority}`));

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
    default:
      return describeChange({ ...entry, type: entry.type }, (key, values) => t(`timeline.${key}`, values ?? {}), {
        status: (value) => statusLabel(t, value),
        priority: (value) => priorityLabel(t, value),
      });
  }
}

/**
 * The whole history, oldest first. Internal notes are told apart by their words (the heading and
 * a „Jen pro správu" label before it), a dashed frame and a tinted background – never by colour
 * alone.
 */
export function StaffTimeline({ entries }: { entries: StaffTimelineEntry[] }) {
  const { t } = useTranslation('staffIncidents');
  return (
    <TimelineList entries={entries} empty={t('detail.timelineEmpty')} testId="staff-timeline">
      {(entry) => {
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
            <TimelineEntryText author={author} createdAt={entry.created_at} body={entry.body} />
          </Box>
        );
      }}
    </TimelineList>
  );
}
