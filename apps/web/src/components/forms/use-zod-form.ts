import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import type * as z from 'zod/mini';
import { useErrorSummaryFocus } from '#src/components/ui/error-summary.tsx';
import { errorMessage, serverFieldErrors } from '#src/lib/errors.ts';

/**
 * The portal's one way to build a form (docs/architecture.md §3): react-hook-form with
 * `zodResolver`, validated on submit and again on each submit, never on blur, and the focus left
 * to the error summary (docs/czech.md §5) instead of the first field.
 */
export function useZodForm<Schema extends z.ZodMiniType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues: DefaultValues<z.input<Schema>>,
) {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
}

/**
 * What a form shows after a refused submit: the error summary's focus and the server's message
 * for it. `fail` puts the server's field messages at the form's fields (`serverFields`: API field
 * name → form field name), keeps the server's message for the summary and focuses the summary.
 */
export function useSubmitFeedback() {
  const summary = useErrorSummaryFocus();
  const [serverError, setServerError] = useState<string | null>(null);
  function fail<Values extends FieldValues>(
    error: unknown,
    setError: UseFormSetError<Values>,
    serverFields: Readonly<Record<string, Path<Values>>>,
  ) {
    for (const [name, message] of serverFieldErrors(error, Object.keys(serverFields))) {
      const field = serverFields[name];
      if (field !== undefined) setError(field, { type: 'server', message });
    }
    setServerError(errorMessage(error));
    summary.focus();
  }
  return { summary, serverError, setServerError, fail };
}

export type SubmitFeedback = ReturnType<typeof useSubmitFeedback>;
