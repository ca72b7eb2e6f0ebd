import { Toaster as ChakraToaster, Portal, Stack, Toast } from '@chakra-ui/react';
import { toaster } from './toast-store';

export interface ToasterProps {
  /** Accessible name of the toast region, e.g. „Oznámení". */
  label: string;
  /** Accessible name of each toast's close button, e.g. „Zavřít oznámení". */
  closeLabel: string;
}

/**
 * Renders the toast queue at the bottom-left (docs/product.md §2). Strings come from the app, which owns
 * the locale resources. Safe to load lazily: toasts raised earlier are shown once it mounts.
 *
 * @see {@link https://chakra-ui.com/docs/components/toast}
 */
export function Toaster({ label, closeLabel }: ToasterProps) {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} aria-label={label} insetInline={{ mdDown: '4' }}>
        {(item) => (
          <Toast.Root width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {item.title ? <Toast.Title>{item.title}</Toast.Title> : null}
              {item.description ? <Toast.Description>{item.description}</Toast.Description> : null}
            </Stack>
            {item.closable ? <Toast.CloseTrigger aria-label={closeLabel} /> : null}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
