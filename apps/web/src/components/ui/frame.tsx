import { Box, type BoxProps } from '@chakra-ui/react';

/**
 * A thin rounded frame: a card in a list, or a block that stands apart from the page (payment
 * details, the calendar feed, a booking). `highlight` marks an entry that needs attention
 * (overdue, under way) with a frame in that colour and a thicker left edge. Padding 4 unless
 * given; every other prop goes to the box (`as="li"`, layout, a different border colour).
 */
export function Frame({ highlight, ...box }: BoxProps & { highlight?: string | undefined }) {
  return (
    <Box
      borderWidth="1px"
      borderColor={highlight ?? 'border'}
      {...(highlight === undefined ? {} : { borderLeftWidth: '4px' })}
      borderRadius="l2"
      p="4"
      {...box}
    />
  );
}
