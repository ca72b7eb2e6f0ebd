import { Textarea as ChakraTextarea, type TextareaProps as ChakraTextareaProps } from '@chakra-ui/react';
import { forwardRef, type KeyboardEvent } from 'react';

export type TextareaProps = ChakraTextareaProps;

/**
 * The portal's multi-line text field (docs/product.md §5): Enter – with or without modifiers – inserts a
 * new line and nothing else. The keydown stops here, so a surrounding form's
 * „Ctrl+Enter submits" handler or a page-wide keyboard shortcut never sees it. The browser's
 * default action (the new line) is left alone; an IME composition is not touched either.
 * Use this instead of Chakra's `Textarea` everywhere.
 */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea({ onKeyDown, ...rest }, ref) {
  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    onKeyDown?.(event);
    if (event.key === 'Enter') event.stopPropagation();
  };
  return <ChakraTextarea ref={ref} autoresize={false} {...rest} onKeyDown={handleKeyDown} />;
});
