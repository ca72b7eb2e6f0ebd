import { Box, chakra, Heading, HStack, Text } from '@chakra-ui/react';
import { Button } from '@portal/ui/button';
import { useEffect, useId, useRef, type ReactNode } from 'react';

const NativeDialog = chakra('dialog');

/**
 * A modal confirmation on the native `<dialog>`: the browser traps focus, makes the page behind
 * inert, closes on Escape and puts focus back where it was. Focus starts on the safe choice.
 * `children` is the question (the dialog's description); `extra` holds what the confirmation
 * asks for besides, such as a reason field, which the caller checks in `onConfirm`.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  extra,
  confirmLabel,
  cancelLabel,
  pending,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  extra?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  // Opening and closing a native dialog is imperative; this only mirrors the `open` prop.
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      cancel.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  return (
    <NativeDialog
      ref={dialog}
      aria-labelledby={open ? titleId : undefined}
      aria-describedby={open ? bodyId : undefined}
      // Escape (the browser's cancel) is the same as the safe button.
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onClose();
      }}
      borderRadius="l3"
      borderWidth="1px"
      borderColor="border"
      bg="bg"
      color="fg"
      p="6"
      m="auto"
      w="calc(100vw - 2rem)"
      maxW="lg"
      boxShadow="lg"
      css={{ '&::backdrop': { background: 'rgba(0, 0, 0, 0.45)' } }}
    >
      {/* Rendered only while open, so nothing of it is in the page otherwise. */}
      {open ? (
        <>
          <Heading as="h2" id={titleId} size="lg" mb="3">
            {title}
          </Heading>
          <Text id={bodyId} mb="6">
            {children}
          </Text>
          {extra ? <Box mb="6">{extra}</Box> : null}
          <HStack gap="3" wrap="wrap" justify="flex-end">
            <Button ref={cancel} type="button" variant="outline" onClick={onClose} disabled={pending}>
              {cancelLabel}
            </Button>
            <Button type="button" colorPalette="red" loading={pending} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </HStack>
        </>
      ) : null}
    </NativeDialog>
  );
}
