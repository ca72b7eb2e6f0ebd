import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from '#src/components/ui/page-title.tsx';
import { href } from '#src/config/paths.ts';
import { OpenRequestForm } from '#src/features/public-support/components/open-request-form.tsx';
import { RememberedRequests } from '#src/features/public-support/components/remembered-requests.tsx';
import '#src/features/public-support/i18n.ts';

/** `/verejna-podpora`: the requests remembered in this browser, and any request by id + code. */
export default function PublicSupportRoute() {
  const { t } = useTranslation('publicSupport');
  return (
    <Stack gap="8" maxW="3xl">
      <PageTitle title={t('list.title')} />
      <Stack gap="3">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {t('list.title')}
        </Heading>
        <Text>{t('list.intro')}</Text>
        <HStack gap="3" wrap="wrap">
          <Button asChild>
            <RouterLink to={href('publicSupportNew')}>{t('list.new')}</RouterLink>
          </Button>
        </HStack>
      </Stack>
      <RememberedRequests />
      <OpenRequestForm />
    </Stack>
  );
}
