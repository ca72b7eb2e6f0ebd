import { Box, type BoxProps } from '@chakra-ui/react';

/** A frame's look beyond the plain border: `success` for what was just done (a booking made). */
const TONES = { success: { borderColor: 'green.muted', bg: 'green.subtle' } } as const;

/**
 * A thin rounded frame: a card in a list, or a block that stands apart from the page (payment
 * details, the calendar feed, a booking). `highlight` marks an entry that needs attention
 * (overdue, under way) with a frame in that colour and a thicker left edge; `tone` colours the
 * whole frame. Padding 4 unless given; every other prop goes to the box (`as="li"`, layout, a
 * different border colour).
 */
export function Frame({
  highlight,
  tone,
  ...box
}: BoxProps & { highlight?: string | undefined; tone?: keyof typeof TONES }) {
  const colours = tone === undefined ? { borderColor: highlight ?? 'border' } : TONES[tone];
  return (
    <Box
      borderWidth="1px"
      {...colours}
      {...(highlight === undefined ? {} : { borderLeftWidth: '4px' })}
      borderRadius="l2"
      p="4"
      {...box}
    />
  );
}
