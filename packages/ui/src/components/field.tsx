import { Field as ChakraField, VisuallyHidden } from '@chakra-ui/react';
import { cloneElement, forwardRef, isValidElement, useId, type ReactElement, type ReactNode } from 'react';

export interface FieldProps extends Omit<ChakraField.RootProps, 'label' | 'ids'> {
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
  /** The control: a single element (Input, Textarea…) that receives the id and descriptions. */
  children: ReactElement;
}

/**
 * A labelled form field. `id` becomes the control's id (so an error summary can link to it).
 * Order follows GOV.UK: label, hint, error, control.
 *
 * Chakra's Field links the error only through `aria-errormessage`, which several screen
 * readers ignore; GOV.UK puts hint and error into `aria-describedby`, so the control gets both.
 * @see {@link https://design-system.service.gov.uk/components/error-message/}
 */
export const Field = forwardRef<HTMLDivElement, FieldProps>(function Field(props, ref) {
  const { id, label, children, helperText, errorText, errorPrefix, optionalText, invalid, ...rest } = props;
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const isInvalid = invalid ?? Boolean(errorText);
  const showError = isInvalid && Boolean(errorText);
  const describedBy = [helperText ? hintId : null, showError ? errorId : null].filter(Boolean).join(' ') || undefined;

  const control = isValidElement<{ 'aria-describedby'?: string }>(children)
    ? cloneElement(children, { 'aria-describedby': describedBy })
    : children;

  return (
    <ChakraField.Root
      ref={ref}
      id={controlId}
      ids={{ helperText: hintId, errorText: errorId }}
      invalid={isInvalid}
      {...rest}
    >
      <ChakraField.Label>
        {label}
        {optionalText ? (
          <>
            {' '}
            <ChakraField.RequiredIndicator fallback={optionalText} />
          </>
        ) : null}
      </ChakraField.Label>
      {helperText ? <ChakraField.HelperText mt="0">{helperText}</ChakraField.HelperText> : null}
      {showError ? (
        <ChakraField.ErrorText mt="0" textStyle="sm" fontWeight="semibold">
          <VisuallyHidden>{errorPrefix}</VisuallyHidden> {errorText}
        </ChakraField.ErrorText>
      ) : null}
      {control}
    </ChakraField.Root>
  );
});
