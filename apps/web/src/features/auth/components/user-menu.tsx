import { Menu } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import type { Profile } from '@portal/sdk/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { HeaderMenuContent } from '#src/components/ui/header-menu-content.tsx';
import { MenuChevron } from '#src/components/ui/menu-chevron.tsx';
import { ROUTES } from '#src/config/paths.ts';
import { useLogout } from '../api/use-logout.ts';

/**
 * The account menu. Its button is named by the user's display name only, so assistive tech
 * and tests find it by that name; items: „Můj profil" (hidden where the profile page is out of
 * reach, i.e. under hideTenantLogin), „Odhlásit se".
 */
export function UserMenu({ user, showProfile = true }: { user: Profile; showProfile?: boolean }) {
  const { t } = useTranslation('auth');
  const logout = useLogout();
  const navigate = useNavigate();

  // Controlled, so that a link item chosen with the keyboard closes the menu: zag only calls
  // `navigate` for it and leaves the menu open, and closed it later when the new page took the
  // focus – handing the focus back to this button instead of the new page's heading.
  const [open, setOpen] = useState(false);

  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      // Keyboard activation of a link item: close, then route client-side (no full page load).
      navigate={({ href }) => {
        setOpen(false);
        const url = new URL(href, window.location.origin);
        void navigate(`${url.pathname}${url.search}`);
      }}
      onSelect={({ value }) => {
        if (value === 'logout') logout.mutate();
      }}
    >
      <Menu.Trigger asChild>
        <Button variant="outline" size="sm" maxW={{ base: '40', sm: '64' }} loading={logout.isPending}>
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{user.display_name}</span>
          <MenuChevron />
        </Button>
      </Menu.Trigger>
      <HeaderMenuContent minW="48">
        {showProfile ? (
          <Menu.Item value="profile" asChild>
            <RouterLink to={ROUTES.profile.path}>{t('userMenu.profile')}</RouterLink>
          </Menu.Item>
        ) : null}
        <Menu.Item value="logout">{t('userMenu.logout')}</Menu.Item>
      </HeaderMenuContent>
    </Menu.Root>
  );
}
