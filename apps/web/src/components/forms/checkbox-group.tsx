import { Box, Flex, HStack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Checkbox } from './native-choice.tsx';

/**
 * A fieldset of checkboxes for one multi-valued field (a filter's statuses, categories…),
 * registered once with react-hook-form. `firstId` goes on the first checkbox, so the error
 * summary can move the focus there. `stacked` puts one option under another (long labels).
 */
export function CheckboxGroup({
  legend,
  options,
  registration,
  firstId,
  stacked = false,
}: {
  legend: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  registration: UseFormRegisterReturn;
  firstId: string;
  stacked?: boolean;
}) {
  const legendId = useId();
  return (
    <Box as="fieldset" minW="0" aria-labelledby={legendId}>
      <Text as="legend" id={legendId} fontWeight="medium" mb="1">
        {legend}
      </Text>
      <Flex gap={stacked ? '3' : '4'} wrap="wrap" direction={stacked ? 'column' : 'row'}>
        {options.map((option, index) => (
          <HStack as="label" key={option.value} gap="2" cursor="pointer" minH="6">
            <Checkbox type="checkbox" value={option.value} {...registration} id={index === 0 ? firstId : undefined} />
            <span>{option.label}</span>
          </HStack>
        ))}
      </Flex>
    </Box>
  );
}
