import { Input, SimpleGrid, Text } from '@chakra-ui/react';
import { Field } from '@portal/ui/field';
import { Fieldset } from './fieldset.tsx';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** One input of a {@link DayTimeFieldset}: its id (for the error summary), label, hint and error. */
export interface DayTimePart {
  id: string;
  label: string;
  helperText: string;
  errorText: string | undefined;
  registration: UseFormRegisterReturn;
}

/** The form's errors by field name (react-hook-form's, for fields that hold strings). */
type FieldMessages = Readonly<Record<string, { message?: string | undefined } | undefined>>;

/**
 * The {@link DayTimePart}s of a form by field name: the input's id, its error and its
 * registration. `errors` is read when a part is made, so call it during render.
 */
export function dayTimeParts<Name extends string>(
  ids: Readonly<Record<Name, string>>,
  errors: FieldMessages,
  register: (name: Name) => UseFormRegisterReturn,
) {
  return (name: Name, label: string, helperText: string): DayTimePart => ({
    id: ids[name],
    label,
    helperText,
    errorText: errors[name]?.message,
    registration: register(name),
  });
}

/**
 * A span of time – a start and an end, each a {@link DayTimeFieldset} – side by side on a wide
 * screen: a visit window, an outage and the like.
 */
export function DayTimeRangeFieldsets({
  start,
  end,
  errorPrefix,
}: {
  start: { legend: string; hint?: string; day: DayTimePart; time: DayTimePart };
  end: { legend: string; hint?: string; day: DayTimePart; time: DayTimePart };
  errorPrefix: string;
}) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
      <DayTimeFieldset {...start} errorPrefix={errorPrefix} />
      <DayTimeFieldset {...end} errorPrefix={errorPrefix} />
    </SimpleGrid>
  );
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
  return (
    <Fieldset legend={legend}>
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
    </Fieldset>
  );
}
