import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface Fact {
  label: string;
  value: ReactNode;
}

/** Label–value pairs as a description list: two columns where there is room, stacked on phones. */
export function FactsList({ facts }: { facts: readonly Fact[] }) {
  return (
    <Box
      as="dl"
      display="grid"
      gridTemplateColumns={{ base: '1fr', sm: 'max-content 1fr' }}
      columnGap="4"
      rowGap={{ base: '0', sm: '1' }}
      minW="0"
    >
      {facts.map((fact) => (
        <Box key={fact.label} display="contents">
          <Box as="dt" color="fg.muted" fontWeight="medium">
            {fact.label}
          </Box>
          <Box as="dd" mb={{ base: '2', sm: '0' }} minW="0" wordBreak="break-word">
            {fact.value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
