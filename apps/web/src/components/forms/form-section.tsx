import { Box, Heading, Text } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type ErrorSummaryItem } from '#src/components/ui/error-summary.tsx';
import type { SubmitFeedback } from './use-zod-form.ts';

/** The error summary of a form (docs/czech.md §5), focused by `feedback` after a refused submit. */
export function FormErrorSummary({ feedback, items }: { feedback: SubmitFeedback; items: ErrorSummaryItem[] }) {
  const { t } = useTranslation('common');
  return <ErrorSummary ref={feedback.summary.ref} title={t('form.errorSummaryTitle')} items={items} />;
}

/** One of several forms on a page: a section named by its h2, with its own error summary on top. */
export function FormSection({
  title,
  intro,
  feedback,
  items,
  children,
  headingLevel = 2,
}: {
  title: string;
  intro?: string;
  feedback: SubmitFeedback;
  items: ErrorSummaryItem[];
  children: ReactNode;
  /** 3 for a form inside a section of its own. */
  headingLevel?: 2 | 3;
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
