import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { portalSystem } from './theme/system';

/**
 * Design-system provider. Light mode only: the portal has no colour-mode switch, so
 * next-themes (Chakra's colour-mode snippet) is deliberately left out to save start-up work.
 */
export function Provider({ children }: { children: ReactNode }) {
  return <ChakraProvider value={portalSystem()}>{children}</ChakraProvider>;
}
