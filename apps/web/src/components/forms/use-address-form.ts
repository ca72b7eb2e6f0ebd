import { useEffect } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type * as z from 'zod/mini';
import { useSubmitFeedback, useZodForm } from './use-zod-form.ts';

/**
 * A form whose truth is the address (a list's filters, the day shown): `values` are what the
 * address holds, as form values, and another view (back, forward, a link, the reset) resets the
 * form to them.
 */
export function useAddressForm<Schema extends z.ZodMiniType<FieldValues, FieldValues>>(
  schema: Schema,
  values: DefaultValues<z.input<Schema>>,
) {
  const feedback = useSubmitFeedback();
  const form = useZodForm(schema, values);
  const current = JSON.stringify(values);
  useEffect(() => {
    form.reset(JSON.parse(current) as DefaultValues<z.input<Schema>>);
  }, [current, form]);
  return { form, feedback };
}
