import { Box, Heading, Text } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

/**
 * A group of a form's fields under its legend (also the group's accessible name), with an
 * optional intro below it.
 */
export function Fieldset({ legend, intro, children }: { legend: string; intro?: string; children: ReactNode }) {
  const legendId = useId();
  return (
    <Box as="fieldset" minW="0" aria-labelledby={legendId}>
      <Heading as="legend" id={legendId} size="sm" mb={intro === undefined ? '2' : '1'}>
        {legend}
      </Heading>
      {intro === undefined ? null : (
        <Text textStyle="sm" color="fg.muted" mb="3">
          {intro}
        </Text>
      )}
      {children}
    </Box>
  );
}
