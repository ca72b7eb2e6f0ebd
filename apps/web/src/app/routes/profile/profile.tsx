import { Separator, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '#src/components/ui/page-header.tsx';
import { NotificationPreferencesSection } from '#src/features/notifications/components/notification-preferences.tsx';
import { PasswordChangeForm } from '#src/features/profile/components/password-change-form.tsx';
import { ProfileForm } from '#src/features/profile/components/profile-form.tsx';
import { SecondFactorSection } from '#src/features/profile/components/second-factor-section.tsx';
import { SessionsSection } from '#src/features/profile/components/sessions-section.tsx';
import { useSession } from '#src/lib/session.ts';
import '#src/features/notifications/i18n.ts';
import '#src/features/profile/i18n.ts';

/**
 * `/profil`: the user's details and contact phone (editable), the e-mail notification settings,
 * the password change, the second factor (first of all for a staff member who must still set it
 * up, ADR 012) and the signed-in devices.
 */
export default function ProfileRoute() {
  const { t } = useTranslation('profile');
  const session = useSession();
  // The guard lets only logged-in users here; null only while logging out.
  if (!session) return null;
  return (
    <Stack gap="8" maxW="2xl">
      <PageHeading title={t('title')} />
      {session.secondFactorSetupRequired ? (
        <>
          <SecondFactorSection setupRequired />
          <Separator />
        </>
      ) : null}
      <ProfileForm key={session.user.id} profile={session.user} />
      <Separator />
      <NotificationPreferencesSection />
      <Separator />
      <PasswordChangeForm email={session.user.email} />
      <Separator />
      {session.secondFactorSetupRequired ? null : (
        <>
          <SecondFactorSection setupRequired={false} />
          <Separator />
        </>
      )}
      <SessionsSection />
    </Stack>
  );
}
