import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '#src/components/ui/page-title.tsx';

export interface ErrorPageProps {
  status?: number | undefined;
  message: string;
  /** Clears the error and goes to the home page. */
  onGoHome: () => void;
}

/**
 * The generic error page (docs/product.md §2): title „Chyba" followed by the message, the status code as
 * a large heading when present, the message, and a secondary „Jít na domovskou stránku" button.
 */
export function ErrorPage({ status, message, onGoHome }: ErrorPageProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="4" alignItems="flex-start" py={{ base: '4', md: '10' }}>
      <PageTitle title={t('errors.documentTitle', { message })} />
      <Heading as="h1" fontSize={status ? { base: '6xl', md: '7xl' } : '3xl'} lineHeight="1" color="brand.fg">
        {status ?? t('errors.title')}
      </Heading>
      <Text fontSize="lg">{message}</Text>
      <Button variant="outline" onClick={onGoHome}>
        {t('errors.goHome')}
      </Button>
    </Stack>
  );
}
