import { Field as ChakraField, VisuallyHidden } from '@chakra-ui/react';
import { forwardRef, type ReactNode } from 'react';

export interface FieldProps extends Omit<ChakraField.RootProps, 'label'> {
  label: ReactNode;
  helperText?: ReactNode;
  /** Shown below the hint; also switches the field to its invalid state. */
  errorText?: ReactNode;
  /**
   * Read before the error by screen readers only (GOV.UK error message pattern),
   * e.g. „Chyba:". Comes from the app's locale resources.
   */
  errorPrefix: string;
  /** Marks the field as optional in its label, e.g. „(nepovinné)". */
  optionalText?: ReactNode;
}

/**
 * A labelled form field. Chakra's Field wires the label to the control and points the
 * control's `aria-describedby` at the hint and the error, and sets `aria-invalid`.
 * Order follows GOV.UK: label, hint, error, control.
 */
export const Field = forwardRef<HTMLDivElement, FieldProps>(function Field(props, ref) {
  const { label, children, helperText, errorText, errorPrefix, optionalText, invalid, ...rest } =
    props;
  const isInvalid = invalid ?? Boolean(errorText);
  return (
    <ChakraField.Root ref={ref} invalid={isInvalid} {...rest}>
      <ChakraField.Label>
        {label}
        {optionalText ? (
          <ChakraField.RequiredIndicator fallback={optionalText} />
        ) : null}
      </ChakraField.Label>
      {helperText ? <ChakraField.HelperText mt="0">{helperText}</ChakraField.HelperText> : null}
      {isInvalid && errorText ? (
        <ChakraField.ErrorText mt="0" fontWeight="semibold">
          <VisuallyHidden>{errorPrefix} </VisuallyHidden>
          {errorText}
        </ChakraField.ErrorText>
      ) : null}
      {children}
    </ChakraField.Root>
  );
});
