import { Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '#src/components/ui/page-title.tsx';
import { ROUTES } from '#src/config/paths.ts';
import { useSelectTenant } from '#src/features/tenants/api/select-tenant.ts';
import { TenantList } from '#src/features/tenants/components/tenant-list.tsx';
import { selectedTenantId, useSession } from '#src/lib/session.ts';
import { safeRedirect } from '#src/utils/safe-redirect.ts';
import '#src/features/tenants/i18n.ts';

export default function TenantSelectRoute() {
  const { t } = useTranslation('tenants');
  const session = useSession();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const select = useSelectTenant({
    onSuccess: async () => {
      await navigate(safeRedirect(searchParams.get('redirect')) ?? ROUTES.home.path, { replace: true });
    },
  });

  // The guard lets only logged-in users here; null only while logging out.
  if (!session) return null;

  return (
    <Stack gap="4">
      <PageTitle title={t('select.title')} />
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
        {t('select.title')}
      </Heading>
      {session.tenants.length > 0 ? <Text>{t('select.intro')}</Text> : null}
      <TenantList
        tenants={session.tenants}
        selectedId={selectedTenantId(session)}
        pendingId={select.isPending ? select.variables : null}
        onSelect={(tenant) => select.mutate(tenant.id)}
      />
    </Stack>
  );
}
