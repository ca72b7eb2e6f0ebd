import { Badge, Box, Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { ROUTES, type RouteKey } from '#src/config/paths.ts';

/** Is `pathname` the entry's page or one below it (a detail, a new-item form)? */
function isCurrent(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/**
 * The feature links under the header; wraps onto several lines on a phone. `labelOf` names an
 * entry (the tenant and public menus from `common`, the staff menu from its own strings).
 */
export function MainMenu<Entry extends RouteKey>({
  entries,
  labelOf,
  badgeOf,
}: {
  entries: readonly Entry[];
  labelOf: (key: Entry) => string;
  /**
   * A count shown by an entry (the incidents with news), with the words a screen reader reads
   * after the entry's name („Hlášení incidentů, 2 s novinkami“); null for none.
   */
  badgeOf?: (key: Entry) => { count: number; label: string } | null;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (entries.length === 0) return null;
  return (
    <Box as="nav" aria-label={t('mainMenu.label')}>
      <Box as="ul" display="flex" flexWrap="wrap" gap="1" listStyleType="none" m="0" p="0">
        {entries.map((key) => {
          const { path } = ROUTES[key];
          // The staff overview is the parent of every staff page: only its own address is current.
          const current = key === 'staffOverview' ? pathname === path : isCurrent(pathname, path);
          const badge = badgeOf?.(key) ?? null;
          return (
            <li key={key}>
              <Button asChild variant={current ? 'subtle' : 'ghost'} size="sm">
                <RouterLink
                  to={path}
                  aria-current={current ? 'page' : undefined}
                  // The name starts with the visible label (2.5.3) and says what the number means.
                  aria-label={badge ? `${labelOf(key)}, ${badge.label}` : undefined}
                >
                  {labelOf(key)}
                  {badge ? (
                    <Badge colorPalette="orange" variant="solid" borderRadius="full" ms="1">
                      {badge.count}
                    </Badge>
                  ) : null}
                </RouterLink>
              </Button>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
