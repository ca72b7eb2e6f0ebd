import { Box, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatDateTimeRange } from '#src/lib/format.ts';

/** One fact of a description list (`<dl>`): its name, muted, above its value. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box minW="0">
      <Text as="dt" textStyle="sm" color="fg.muted">
        {label}
      </Text>
      <Box as="dd" fontWeight="medium" wordBreak="break-word">
        {children}
      </Box>
    </Box>
  );
}

/**
 * A ticket's facts as a `<dl>` grid: one column on a phone, two on a small screen and `columns`
 * from a medium one.
 */
export function FactGrid({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <Box
      as="dl"
      display="grid"
      gridTemplateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', md: `repeat(${columns}, 1fr)` }}
      gap="4"
    >
      {children}
    </Box>
  );
}

/** A planned visit: its window (ISO instants) and what the operator wrote about it. */
export interface VisitWindow {
  from: string;
  to: string;
  note?: string | null;
}

/** The fact of a ticket's visit: the window in Prague time with its note, or `none` in words. */
export function VisitFact({
  label,
  visit,
  none,
}: {
  label: string;
  visit: VisitWindow | null | undefined;
  none: string;
}) {
  return (
    <Fact label={label}>
      {visit ? (
        <>
          <time dateTime={`${visit.from}/${visit.to}`}>{formatDateTimeRange(visit.from, visit.to)}</time>
          {visit.note ? (
            <Text fontWeight="normal" whiteSpace="pre-wrap">
              {visit.note}
            </Text>
          ) : null}
        </>
      ) : (
        none
      )}
    </Fact>
  );
}
