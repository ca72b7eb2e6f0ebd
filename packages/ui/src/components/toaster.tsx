import { Toaster as ChakraToaster, Portal, Stack, Toast } from '@chakra-ui/react';
import { toaster } from './toast-store';

export interface ToasterProps {
  /** Accessible name of the toast region, e.g. „Oznámení". */
  label: string;
  /** Accessible name of each toast's close button, e.g. „Zavřít oznámení". */
  closeLabel: string;
}

/**
 * A toast never stands in the way: the pointer goes through it to the button it covers, and
 * passing over it does not pause it (the toast machine pauses while the pointer is over the
 * group) – only its close button takes the pointer. The zag machine sets `pointer-events: auto`
 * inline, hence `!important`.
 */
const PASS_THROUGH = { pointerEvents: 'none !important' };

/**
 * Renders the toast queue at the bottom-left (docs/product.md §2). Strings come from the app, which owns
 * the locale resources. Safe to load lazily: toasts raised earlier are shown once it mounts.
 *
 * @see {@link https://chakra-ui.com/docs/components/toast}
 */
export function Toaster({ label, closeLabel }: ToasterProps) {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} aria-label={label} insetInline={{ mdDown: '4' }} css={PASS_THROUGH}>
        {(item) => (
          <Toast.Root width={{ md: 'sm' }} css={PASS_THROUGH}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {item.title ? <Toast.Title>{item.title}</Toast.Title> : null}
              {item.description ? <Toast.Description>{item.description}</Toast.Description> : null}
            </Stack>
            {item.closable ? <Toast.CloseTrigger aria-label={closeLabel} pointerEvents="auto" /> : null}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
