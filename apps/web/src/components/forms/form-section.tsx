import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, formSummaryItems, type ErrorSummaryItem } from '#src/components/ui/error-summary.tsx';
import type { SubmitFeedback } from './use-zod-form.ts';

/** The error summary of a form (docs/czech.md §5), focused by `feedback` after a refused submit. */
export function FormErrorSummary({ feedback, items }: { feedback: SubmitFeedback; items: ErrorSummaryItem[] }) {
  const { t } = useTranslation('common');
  return <ErrorSummary ref={feedback.summary.ref} title={t('form.errorSummaryTitle')} items={items} />;
}

interface FormSectionHeading {
  title: string;
  intro?: string;
  /** 3 for a form inside a section of its own. */
  headingLevel?: 2 | 3;
}

/** One of several forms on a page: a section named by its h2, with its own error summary on top. */
export function FormSection({
  title,
  intro,
  feedback,
  items,
  children,
  headingLevel = 2,
}: FormSectionHeading & {
  feedback: SubmitFeedback;
  items: ErrorSummaryItem[];
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId}>
      <FormErrorSummary feedback={feedback} items={items} />
      <Heading as={`h${headingLevel}`} id={headingId} size={headingLevel === 2 ? 'xl' : 'lg'} mb={intro ? '2' : '5'}>
        {title}
      </Heading>
      {intro ? (
        <Text mb="5" color="fg.muted">
          {intro}
        </Text>
      ) : null}
      {children}
    </Box>
  );
}

/**
 * A FormSection that is one form: the summary lists the fields' errors in `fieldIds` order (and
 * the server's), validation is left to the form's schema (`noValidate`), and the fields stack.
 * `after` is what belongs to the section outside the form (a dialog the form opens).
 */
export function SectionForm<Name extends string>({
  fieldIds,
  errors,
  onSubmit,
  method,
  gap = '5',
  maxW = 'md',
  after,
  children,
  ...section
}: FormSectionHeading & {
  feedback: SubmitFeedback;
  fieldIds: Record<Name, string>;
  errors: Parameters<typeof formSummaryItems<Name>>[1];
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** "post" where the form holds a password: a native submit then never puts it into an address. */
  method?: 'post';
  gap?: '4' | '5';
  maxW?: 'md' | '2xl' | '3xl';
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <FormSection {...section} items={formSummaryItems(fieldIds, errors, section.feedback.serverError)}>
      <form method={method} noValidate onSubmit={(event) => void onSubmit(event)}>
        <Stack gap={gap} maxW={maxW}>
          {children}
        </Stack>
      </form>
      {after}
    </FormSection>
  );
}
