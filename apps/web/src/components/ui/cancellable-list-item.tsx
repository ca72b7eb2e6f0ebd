import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * One item of a list of things that can be cancelled (reservations, outages) as a framed card;
 * a cancelled one is dashed and muted, so it stands apart without relying on colour alone.
 */
export function CancellableListItem({ cancelled, children }: { cancelled: boolean; children: ReactNode }) {
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderColor="border"
      borderStyle={cancelled ? 'dashed' : 'solid'}
      borderRadius="l3"
      p="4"
      bg={cancelled ? 'bg.muted' : undefined}
    >
      {children}
    </Box>
  );
}
