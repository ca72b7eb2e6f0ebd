import { Box, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SelectInput } from '#src/components/forms/inputs.tsx';

/** The label above a list's filter, as every filter row shows it. */
export function FilterLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor}>
      <Text fontWeight="medium" mb="1">
        {children}
      </Text>
    </label>
  );
}

/**
 * One filter of a list: a label and a native select whose first option is „all". Keyed by
 * `resetKey` (the address's query), so it follows back/forward navigation while the surrounding
 * form – and the button that applied the filter, with the focus – stays.
 */
export function FilterSelect({
  id,
  name,
  label,
  allLabel,
  value,
  options,
  resetKey,
  minW,
}: {
  id: string;
  name: string;
  label: string;
  allLabel: string;
  value: string | number | null;
  options: readonly { value: string | number; label: string }[];
  resetKey: string;
  minW: string;
}) {
  return (
    <Box minW={minW}>
      <FilterLabel htmlFor={id}>{label}</FilterLabel>
      <SelectInput
        key={resetKey}
        id={id}
        name={name}
        defaultValue={value ?? ''}
        placeholder={allLabel}
        options={options}
      />
    </Box>
  );
}
