import { Box, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { codeLabel, describeChange, TimelineEntryText, TimelineList } from '#src/components/ui/timeline.tsx';
import { PRIORITIES, STATUSES, type TimelineEntry } from '../api/incident-queries.ts';

const statusLabel = (t: TFunction<'incidents'>, value: string | null) =>
  codeLabel(STATUSES, value, (status) => t(`status.${status}`));
const priorityLabel = (t: TFunction<'incidents'>, value: string | null) =>
  codeLabel(PRIORITIES, value, (priority) => t(`priority.${priority}`));

/** The Czech heading of one entry; codes are translated, an unknown code is shown as is. */
export function describeEntry(t: TFunction<'incidents'>, entry: TimelineEntry): string {
  switch (entry.type) {
    case 'comment':
      return t('timeline.comment');
    default:
      return describeChange({ ...entry, type: entry.type }, (key, values) => t(`timeline.${key}`, values ?? {}), {
        status: (value) => statusLabel(t, value),
        priority: (value) => priorityLabel(t, value),
      });
  }
}

/** The ticket's history, oldest first, as an ordered list. */
export function IncidentTimeline({ entries }: { entries: TimelineEntry[] }) {
  const { t } = useTranslation('incidents');
  return (
    <TimelineList entries={entries} empty={t('detail.timelineEmpty')} testId="incident-timeline">
      {(entry) => {
        const author = entry.author
          ? entry.author_role === 'operator'
            ? `${entry.author.display_name} (${t('timeline.operator')})`
            : entry.author.display_name
          : t('timeline.system');
        return (
          <Box as="li" key={entry.id} borderLeftWidth="3px" borderColor="border.emphasized" pl="3" py="1">
            <Text fontWeight="semibold">{describeEntry(t, entry)}</Text>
            <TimelineEntryText author={author} createdAt={entry.created_at} body={entry.body} />
          </Box>
        );
      }}
    </TimelineList>
  );
}
