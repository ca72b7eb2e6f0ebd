import { Box, Heading } from '@chakra-ui/react';
import { forwardRef, useCallback, useId, useRef, type MouseEvent } from 'react';
import { PlainList } from './plain-list.tsx';

export interface ErrorSummaryItem {
  message: string;
  /** Id of the field at fault; the item then links to it. */
  fieldId?: string;
}

/**
 * GOV.UK error summary: at the top of the page, focused after a failed submit, each item
 * linking to its field with the same words as the inline message.
 * @see {@link https://design-system.service.gov.uk/components/error-summary/}
 */
export const ErrorSummary = forwardRef<HTMLDivElement, { title: string; items: ErrorSummaryItem[] }>(
  function ErrorSummary({ title, items }, ref) {
    const titleId = useId();
    if (items.length === 0) return null;

    const focusField = (event: MouseEvent<HTMLAnchorElement>, fieldId: string) => {
      const field = document.getElementById(fieldId);
      if (!field) return;
      // Focus instead of following the hash: no history entry, and the label stays in view.
      event.preventDefault();
      field.focus();
      field.scrollIntoView({ block: 'center' });
    };

    return (
      // role=alert (as GOV.UK's summary has had): announced when it appears, and a role that may
      // carry the name from its heading – on a plain div aria-labelledby is not supported.
      <Box
        ref={ref}
        role="alert"
        tabIndex={-1}
        aria-labelledby={titleId}
        borderWidth="4px"
        borderColor="border.error"
        borderRadius="l2"
        p="4"
        mb="6"
        _focusVisible={{ outline: '3px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
      >
        <Heading as="h2" id={titleId} size="md" mb="2">
          {title}
        </Heading>
        <PlainList gap="1">
          {items.map((item) => (
            <Box as="li" key={`${item.fieldId ?? ''}:${item.message}`} color="fg.error" fontWeight="semibold">
              {item.fieldId ? (
                <a
                  href={`#${item.fieldId}`}
                  onClick={(event) => focusField(event, item.fieldId as string)}
                  style={{ textDecoration: 'underline', color: 'inherit' }}
                >
                  {item.message}
                </a>
              ) : (
                item.message
              )}
            </Box>
          ))}
        </PlainList>
      </Box>
    );
  },
);

/**
 * Focus for the summary after a failed submit (GOV.UK): `focus()` is called from the submit
 * handler; the summary takes the focus at once if it is on the page, or as soon as it mounts.
 * (Waiting for a render of the caller was not enough: react-hook-form may render the new errors
 * – and so mount the summary – in a later commit than the one that asked for focus.)
 */
export function useErrorSummaryFocus() {
  const node = useRef<HTMLDivElement | null>(null);
  const pending = useRef(false);
  const ref = useCallback((element: HTMLDivElement | null) => {
    node.current = element;
    if (element && pending.current) {
      pending.current = false;
      element.focus();
    }
  }, []);
  const focus = useCallback(() => {
    if (node.current) {
      node.current.focus();
    } else {
      pending.current = true;
    }
  }, []);
  return { ref, focus };
}

/**
 * Summary items for a form: one per field error (in field order, linking to the field), plus a
 * server message that no field repeats, first.
 */
export function formSummaryItems<Name extends string>(
  fieldIds: Record<Name, string>,
  errors: Partial<Record<NoInfer<Name>, { message?: string | undefined } | undefined>>,
  serverError: string | null,
): ErrorSummaryItem[] {
  const items: ErrorSummaryItem[] = [];
  for (const name of Object.keys(fieldIds) as Name[]) {
    const message = errors[name]?.message;
    if (message) items.push({ message, fieldId: fieldIds[name] });
  }
  if (serverError && !items.some((item) => item.message === serverError)) {
    items.unshift({ message: serverError });
  }
  return items;
}
