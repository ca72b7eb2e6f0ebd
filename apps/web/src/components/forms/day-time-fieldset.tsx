import { Box, Heading, Input, SimpleGrid, Text } from '@chakra-ui/react';
import { Field } from '@portal/ui/field';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** One input of a {@link DayTimeFieldset}: its id (for the error summary), label, hint and error. */
export interface DayTimePart {
  id: string;
  label: string;
  helperText: string;
  errorText: string | undefined;
  registration: UseFormRegisterReturn;
}

/**
 * A point in time typed as two text inputs, a day (`d. m. rrrr`) and a time of day (`hh:mm`),
 * in a fieldset with a heading as its legend and an optional hint under it – the start or the
 * end of a visit, an outage and the like.
 */
export function DayTimeFieldset({
  legend,
  hint,
  day,
  time,
  errorPrefix,
}: {
  legend: string;
  hint?: string;
  day: DayTimePart;
  time: DayTimePart;
  errorPrefix: string;
}) {
  const legendId = useId();
  return (
    <Box as="fieldset" minW="0" aria-labelledby={legendId}>
      <Heading as="legend" id={legendId} size="sm" mb="2">
        {legend}
      </Heading>
      {hint === undefined ? null : (
        <Text textStyle="sm" color="fg.muted" mb="2">
          {hint}
        </Text>
      )}
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        {[day, time].map((part) => (
          <Field
            key={part.id}
            id={part.id}
            label={part.label}
            helperText={part.helperText}
            errorText={part.errorText}
            errorPrefix={errorPrefix}
          >
            {/* The time is digits and a colon: a numeric keyboard on phones. */}
            <Input
              {...part.registration}
              autoComplete="off"
              spellCheck={false}
              inputMode={part === time ? 'numeric' : undefined}
            />
          </Field>
        ))}
      </SimpleGrid>
    </Box>
  );
}
