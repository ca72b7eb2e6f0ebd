import { Menu } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * The open menu of a header button (the user menu, the tenant switcher). Not portalled: it stays
 * inside the header's navigation landmark, right after its button in the reading order.
 */
export function HeaderMenuContent({ minW, children }: { minW: '48' | '56'; children: ReactNode }) {
  return (
    <Menu.Positioner>
      <Menu.Content minW={minW}>{children}</Menu.Content>
    </Menu.Positioner>
  );
}
