import { Box, type BoxProps } from '@chakra-ui/react';

/** A list (`<ul>`) without bullets whose entries are laid out as a grid: cards, slots, messages. */
export function PlainList(props: BoxProps) {
  return <Box as="ul" listStyleType="none" display="grid" {...props} />;
}
