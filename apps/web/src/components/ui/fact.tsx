import { Box, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

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
