import { Box, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '#src/lib/prerender/use-hydrated.ts';

/**
 * The part of a prerendered page that shows API data (docs/decisions/007): at build time and
 * while the browser hydrates the page it is a placeholder of about the same height, marked
 * busy, so hydration finds exactly the prerendered markup and the layout does not jump much;
 * right after hydration – the loaders have the data by then – the real content replaces it.
 * In a client-rendered page the content renders at once.
 */
export function AfterHydration({ children, minH }: { children: ReactNode; minH: string }) {
  const hydrated = useHydrated();
  const { t } = useTranslation();
  if (hydrated) return children;
  return (
    <Box aria-busy="true" minH={minH} data-testid="after-hydration">
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
    </Box>
  );
}
