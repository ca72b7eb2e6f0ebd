import { useTranslation } from 'react-i18next';
import { MainMenu } from '#src/components/navigation/main-menu.tsx';
import { staffMenuEntries } from '#src/components/navigation/main-menu-entries.ts';
import { registerNamespace } from '#src/lib/i18n.ts';
import staff from '#src/locales/cs/staff.json';

registerNamespace('staff', staff);

/**
 * The staff member's main menu (docs/product.md §2 „Menu"). A chunk of its own, loaded only for
 * a staff session, so its strings never weigh on the tenant's or the visitor's first load.
 */
export default function StaffMenu() {
  const { t } = useTranslation('staff');
  return <MainMenu entries={staffMenuEntries()} labelOf={(key) => t(`menu.${key}`)} />;
}
