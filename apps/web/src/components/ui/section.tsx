import { Box, Heading, Text } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

/** A part of a page named by its h2 (the section's accessible name), with an optional hint below it. */
export function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h2" id={headingId} size="lg" mb={hint ? '1' : '3'}>
        {title}
      </Heading>
      {hint ? (
        <Text color="fg.muted" textStyle="sm" mb="3">
          {hint}
        </Text>
      ) : null}
      {children}
    </Box>
  );
}
