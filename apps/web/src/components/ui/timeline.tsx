import { Box, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatDateTime, formatDateTimeRange } from '#src/lib/format.ts';

/** A ticket's history, oldest first, as an ordered list; `empty` in words when there is none. */
export function TimelineList<Entry extends { id: number }>({
  entries,
  empty,
  testId,
  children,
}: {
  entries: readonly Entry[];
  empty: string;
  testId: string;
  /** One entry's `<li>`. */
  children: (entry: Entry) => ReactNode;
}) {
  if (entries.length === 0) return <Text color="fg.muted">{empty}</Text>;
  return (
    <Box as="ol" listStyleType="none" display="grid" gap="3" m="0" p="0" data-testid={testId}>
      {entries.map(children)}
    </Box>
  );
}

/** Below an entry's heading: who and when, then what they wrote (line breaks kept), if anything. */
export function TimelineEntryText({
  author,
  createdAt,
  body,
}: {
  author: string;
  createdAt: string;
  body: string | null | undefined;
}) {
  return (
    <>
      <Text textStyle="sm" color="fg.muted">
        {author} · <time dateTime={createdAt}>{formatDateTime(createdAt)}</time>
      </Text>
      {body ? (
        <Text mt="1" whiteSpace="pre-wrap" wordBreak="break-word">
          {body}
        </Text>
      ) : null}
    </>
  );
}

/** A code's words (`translate`), or the code itself when it is not one of `codes`, or „–" for none. */
export function codeLabel<Code extends string>(
  codes: readonly Code[],
  value: string | null,
  translate: (code: Code) => string,
): string {
  return codes.includes(value as Code) ? translate(value as Code) : (value ?? '–');
}

/** An ISO 8601 interval `<from>/<to>` (a visit window) in Prague time, or null when it is none. */
export function formatInterval(value: string | null): string | null {
  const [from, to] = value?.split('/') ?? [];
  if (!from || !to || Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to))) return null;
  return formatDateTimeRange(from, to);
}

/** The words a change entry's heading is made of (a feature's `timeline.*`). */
export type ChangeWord =
  'status_change' | 'priority_change' | 'assignment' | 'unassigned' | 'visit_change' | 'visit_cleared';

/** A timeline entry that records a change of the ticket, not a message. */
interface ChangeEntry {
  type: 'status_change' | 'priority_change' | 'assignment' | 'visit_change';
  from_value: string | null;
  to_value: string | null;
}

/**
 * The Czech heading of a change entry: a status or priority from one value to another (`label`
 * translates the codes), the new assignee or none, the new visit window or none.
 */
export function describeChange(
  entry: ChangeEntry,
  word: (key: ChangeWord, values?: { from?: string; to?: string }) => string,
  label: { status: (value: string | null) => string; priority: (value: string | null) => string },
): string {
  switch (entry.type) {
    case 'status_change':
      return word('status_change', { from: label.status(entry.from_value), to: label.status(entry.to_value) });
    case 'priority_change':
      return word('priority_change', { from: label.priority(entry.from_value), to: label.priority(entry.to_value) });
    case 'assignment':
      return entry.to_value ? word('assignment', { to: entry.to_value }) : word('unassigned');
    case 'visit_change': {
      const window = formatInterval(entry.to_value);
      return window ? word('visit_change', { to: window }) : word('visit_cleared');
    }
  }
}
