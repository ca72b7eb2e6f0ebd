import { Menu, VisuallyHidden } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import type { Session } from '@portal/sdk/client';
import { useTranslation } from 'react-i18next';
import { HeaderMenuContent } from '#src/components/ui/header-menu-content.tsx';
import { MenuChevron } from '#src/components/ui/menu-chevron.tsx';
import { selectedTenant, selectedTenantId } from '#src/lib/session.ts';

export interface TenantSwitcherProps {
  session: Session;
  pending: boolean;
  onSwitch: (tenantId: string) => void;
}

/**
 * Header menu for users with more than one tenant. The button reads „Nájemce: <name>"
 * (the prefix is visually hidden); items are radio items named by tenant.
 */
export function TenantSwitcher({ session, pending, onSwitch }: TenantSwitcherProps) {
  const { t } = useTranslation('tenants');
  const current = selectedTenant(session);
  const currentId = selectedTenantId(session) ?? '';

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        {/* The name wraps (up to three lines) rather than being cut off: on a phone a long
            tenant name must still be readable. */}
        <Button
          variant="ghost"
          size="sm"
          maxW={{ base: '48', sm: '72' }}
          h="auto"
          minH="9"
          py="1"
          whiteSpace="normal"
          textAlign="start"
          lineHeight="short"
          loading={pending}
        >
          <VisuallyHidden>{t('switcher.label')}</VisuallyHidden>{' '}
          <span style={{ display: 'block', overflowWrap: 'anywhere' }}>{current?.name ?? t('switcher.none')}</span>
          <MenuChevron />
        </Button>
      </Menu.Trigger>
      <HeaderMenuContent minW="56">
        <Menu.RadioItemGroup
          value={currentId}
          onValueChange={({ value }) => {
            if (value && value !== currentId) onSwitch(value);
          }}
        >
          {session.tenants.map((tenant) => (
            <Menu.RadioItem key={tenant.id} value={tenant.id}>
              <Menu.ItemIndicator />
              {tenant.name}
            </Menu.RadioItem>
          ))}
        </Menu.RadioItemGroup>
      </HeaderMenuContent>
    </Menu.Root>
  );
}
