import type { RuntimeConfig, Session } from '@portal/sdk/client';
import { toast } from '@portal/ui/toast';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { UserMenu } from '#src/features/auth/components/user-menu.tsx';
import { useSelectTenant } from '#src/features/tenants/api/select-tenant.ts';
import { TenantSwitcher } from '#src/features/tenants/components/tenant-switcher.tsx';
import '#src/features/auth/i18n.ts';
import '#src/features/tenants/i18n.ts';

/** Header controls of a logged-in user: tenant switcher (when useful) and the user menu. */
export default function AccountControls({ session, config }: { session: Session; config: RuntimeConfig }) {
  const { t } = useTranslation('tenants');
  const revalidator = useRevalidator();
  const switchTenant = useSelectTenant({
    onSuccess: async (next) => {
      const name = next.tenants.find((tenant) => tenant.id === next.selectedTenantId)?.name ?? '';
      toast.add({ severity: 'success', summary: t('switcher.changed'), detail: name });
      // Loaders may hold tenant-scoped data too.
      await revalidator.revalidate();
    },
  });

  const showSwitcher = config.features.tenantSwitcher && !config.hideTenantLogin && session.tenants.length > 1;

  return (
    <>
      {showSwitcher ? (
        <TenantSwitcher
          session={session}
          pending={switchTenant.isPending}
          onSwitch={(tenantId) => switchTenant.mutate(tenantId)}
        />
      ) : null}
      <UserMenu user={session.user} showProfile={!config.hideTenantLogin} />
    </>
  );
}
