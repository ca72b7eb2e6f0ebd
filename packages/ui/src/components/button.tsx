import { Button as ChakraButton, Loader, type ButtonProps as ChakraButtonProps } from '@chakra-ui/react';
import { forwardRef, type MouseEvent } from 'react';

export type ButtonProps = ChakraButtonProps;

/**
 * The portal's button. Like Chakra's, except while `loading`: Chakra then sets `disabled`, and
 * a focused button that becomes disabled loses the focus to the document's body – after every
 * submit a keyboard or screen-reader user started again from the top of the page. This one stays
 * focusable and says it is busy with `aria-disabled` (styled as disabled by Chakra's condition)
 * and `aria-busy`, shows the spinner, and ignores activation until done – so a busy submit
 * button sends nothing twice, also on Enter in a text field (implicit submission clicks it).
 * Use this instead of Chakra's `Button` everywhere.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { loading = false, loadingText, spinner, spinnerPlacement, children, onClick, asChild, ...rest },
  ref,
) {
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <ChakraButton
      ref={ref}
      asChild={asChild}
      {...rest}
      {...(loading ? { 'aria-disabled': true, 'aria-busy': true } : {})}
      onClick={handleClick}
    >
      {!asChild && loading ? (
        <Loader spinner={spinner} text={loadingText} spinnerPlacement={spinnerPlacement}>
          {children}
        </Loader>
      ) : (
        children
      )}
    </ChakraButton>
  );
});
