import { Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '#src/components/ui/page-title.tsx';
import { ProfileDetails } from '#src/features/profile/components/profile-details.tsx';
import { useSession } from '#src/lib/session.ts';

export default function ProfileRoute() {
  const { t } = useTranslation('profile');
  const session = useSession();
  // The guard lets only logged-in users here; null only while logging out.
  if (!session) return null;
  return (
    <Stack gap="6">
      <PageTitle title={t('title')} />
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
        {t('title')}
      </Heading>
      <ProfileDetails profile={session.user} />
    </Stack>
  );
}
