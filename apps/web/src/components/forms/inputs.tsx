// Input controls the forms share, so each kind of field is set up the same way everywhere.
import { NativeSelect, type NativeSelectFieldProps } from '@chakra-ui/react';

/** The attributes of an e-mail field: the e-mail keyboard, no capitals, no spell-checking. */
export const EMAIL_INPUT = {
  type: 'email',
  autoComplete: 'email',
  inputMode: 'email',
  autoCapitalize: 'none',
  spellCheck: false,
} as const;

/**
 * A choice from a list as a native select – the most robust control on phones and with assistive
 * technology – with an empty first option when `placeholder` is given. The other props go to the
 * select itself: a form field's registration, or a filter's `name` and `defaultValue`.
 */
export function SelectInput({
  placeholder,
  options,
  ...select
}: NativeSelectFieldProps & {
  id: string;
  placeholder?: string;
  options: readonly { value: string | number; label: string }[];
}) {
  return (
    <NativeSelect.Root minW="0" w="full">
      <NativeSelect.Field minW="0" textOverflow="ellipsis" {...select}>
        {placeholder === undefined ? null : <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/**
 * A select's options with the current value put first when they lack it (they have not loaded or
 * failed, or the value left the list), so the value is still shown and kept. Its label is the
 * value itself unless `label` is given.
 */
export function withCurrentOption(
  options: { value: string; label: string }[],
  current: string | null,
  label: string = current ?? '',
): { value: string; label: string }[] {
  if (current === null || options.some((option) => option.value === current)) return options;
  return [{ value: current, label }, ...options];
}
