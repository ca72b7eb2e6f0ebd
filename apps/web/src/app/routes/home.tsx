import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FeatureOverview } from '#src/components/navigation/feature-overview.tsx';
import { mainMenuEntries } from '#src/components/navigation/main-menu-entries.ts';
import { PageTitle } from '#src/components/ui/page-title.tsx';
import { ROUTES } from '#src/config/paths.ts';
import { greetingName } from '#src/lib/greeting.ts';
import { registerNamespace } from '#src/lib/i18n.ts';
import { useRuntimeConfig } from '#src/lib/runtime-config.ts';
import { selectedTenant, useSession } from '#src/lib/session.ts';
import home from '#src/locales/cs/home.json';
import { HomeDashboard } from './home-dashboard.tsx';

registerNamespace('home', home);

export default function HomeRoute() {
  const { t } = useTranslation(['home', 'common']);
  const session = useSession();
  const config = useRuntimeConfig();
  const overview = <FeatureOverview entries={mainMenuEntries(config, session)} headingId="prehled-funkci" />;

  if (!session) {
    return (
      <Stack gap="4" maxW="2xl">
        <PageTitle />
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {t('guest.title')}
        </Heading>
        <Text fontSize="lg">{t('guest.intro')}</Text>
        <Text>{t('guest.loginHint')}</Text>
        <Button asChild alignSelf="flex-start">
          <RouterLink to={ROUTES.login.path}>{t('guest.login')}</RouterLink>
        </Button>
        {overview}
      </Stack>
    );
  }

  const tenant = selectedTenant(session);
  const canChooseTenant = config.features.tenantLogin && !config.hideTenantLogin;
  return (
    <Stack gap="4" maxW="2xl">
      <PageTitle />
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
        {t('user.greeting', { name: greetingName(session.user.first_name, session.user.display_name) })}
      </Heading>
      {tenant ? (
        // The name stands on its own: tenant names often end with a dot („s.r.o.").
        <Text fontSize="lg">
          {t('user.tenant')} <strong>{tenant.name}</strong>
        </Text>
      ) : config.hideTenantLogin ? null : (
        <>
          <Text fontSize="lg">{t('user.noTenant')}</Text>
          {canChooseTenant ? (
            <Button asChild alignSelf="flex-start" variant="outline">
              <RouterLink to={ROUTES.tenant.path}>{t('user.chooseTenant')}</RouterLink>
            </Button>
          ) : null}
        </>
      )}
      {tenant ? <HomeDashboard /> : null}
      {overview}
    </Stack>
  );
}
