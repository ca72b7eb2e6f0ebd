import { Box, Button, Flex, Heading, HStack, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { Field } from '@portal/ui/field';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { ErrorSummaryItem } from '#src/components/ui/error-summary.tsx';
import { FormErrorSummary } from './form-section.tsx';
import type { SubmitFeedback } from './use-zod-form.ts';

/**
 * A list's filters as a section named by its h2, with the error summary on top: the check-box
 * groups in a row, the other fields in a grid, and the buttons that apply and reset the filters.
 */
export function FiltersForm({
  title,
  feedback,
  summaryItems,
  onSubmit,
  checkboxGroups,
  applyLabel,
  resetLabel,
  onReset,
  children,
}: {
  title: string;
  feedback: SubmitFeedback;
  summaryItems: ErrorSummaryItem[];
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The check-box groups (any of the ticked), side by side. */
  checkboxGroups: ReactNode;
  applyLabel: string;
  resetLabel: string;
  onReset: () => void;
  /** The other fields, in a grid of up to four columns. */
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId}>
      <FormErrorSummary feedback={feedback} items={summaryItems} />
      <Heading as="h2" id={headingId} size="md" mb="3">
        {title}
      </Heading>
      <form noValidate onSubmit={onSubmit} aria-labelledby={headingId}>
        <Stack gap="4">
          <Flex gap="6" wrap="wrap">
            {checkboxGroups}
          </Flex>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
            {children}
          </SimpleGrid>
          <HStack gap="2" wrap="wrap">
            <Button type="submit">{applyLabel}</Button>
            <Button type="button" variant="ghost" onClick={onReset}>
              {resetLabel}
            </Button>
          </HStack>
        </Stack>
      </form>
    </Box>
  );
}

/** The full-text filter of a {@link FiltersForm}, two columns wide. */
export function FilterSearchField({
  id,
  label,
  hint,
  errorText,
  errorPrefix,
  registration,
}: {
  id: string;
  label: string;
  hint: string;
  errorText: string | undefined;
  errorPrefix: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field
      id={id}
      label={label}
      helperText={hint}
      errorText={errorText}
      errorPrefix={errorPrefix}
      gridColumn={{ sm: 'span 2' }}
    >
      <Input {...registration} type="search" autoComplete="off" />
    </Field>
  );
}
