import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import { useFieldProps } from '#src/components/forms/use-field-props.ts';
import { useSubmitFeedback, useZodForm } from '#src/components/forms/use-zod-form.ts';
import { formSummaryItems } from '#src/components/ui/error-summary.tsx';
import type { PublicRequestCreate } from '../api/public-support-mutations.ts';
import type { PublicRequest } from '../api/public-support-queries.ts';
import { useSubmitPublicRequest } from '../api/use-submit-public-request.ts';
import { submitFailure } from './form-validation.ts';

/** A request the visitor has just filed, for `RequestCreated`. */
export interface CreatedRequest {
  request: PublicRequest;
  remembered: boolean;
  /** The address the confirmation was sent to, if any. */
  email: string | null;
}

/**
 * What the three public forms (request, fault report, order) share: the form, the bot-protected
 * send, the failure shown at the fields and in the summary (everything typed stays), and the
 * filed request until the visitor starts another.
 */
export function usePublicRequestForm<Schema extends z.ZodMiniType<FieldValues, FieldValues>>({
  createSchema,
  empty,
  fieldIds,
  serverFields,
}: {
  createSchema: (t: TFunction<'publicSupport'>) => Schema;
  empty: DefaultValues<z.input<Schema>>;
  /** Form field name → element id, for the fields and the error summary's links. */
  fieldIds: Readonly<Record<keyof z.input<Schema> & string, string>>;
  /** API field name → form field name. */
  serverFields: Readonly<Record<string, Path<z.input<Schema>>>>;
}) {
  const { t } = useTranslation('publicSupport');
  const schema = useMemo(() => createSchema(t), [createSchema, t]);
  const form = useZodForm(schema, empty);
  const feedback = useSubmitFeedback();
  const { submit, widget } = useSubmitPublicRequest();
  const [created, setCreated] = useState<CreatedRequest | null>(null);

  /** Sends the request; a refusal is shown at the form and answers null. */
  const send = async (body: PublicRequestCreate) => {
    feedback.setServerError(null);
    const outcome = await submit(body);
    if (outcome.ok) return outcome;
    const failure = submitFailure(t, outcome, serverFields);
    for (const [name, message] of failure.fields) form.setError(name, { type: 'server', message });
    feedback.setServerError(failure.message);
    feedback.summary.focus();
    return null;
  };

  /** Shows the filed request; `email` is where its confirmation went, if anywhere. */
  const finish = (outcome: { request: PublicRequest; remembered: boolean }, email: string) =>
    setCreated({ request: outcome.request, remembered: outcome.remembered, email: email || null });

  const startOver = () => {
    form.reset(empty);
    setCreated(null);
  };

  // The form's fields are strings, so each error is a plain FieldError with a message.
  const errors = form.formState.errors as Record<string, { message?: string }>;
  const fieldProps = useFieldProps<keyof z.input<Schema> & string>(fieldIds, errors);

  /** The error summary's items; `extra` adds messages of fields outside the schema (the photo). */
  const summaryItems = (extra: Record<string, { message: string } | undefined> = {}) =>
    formSummaryItems<string>(fieldIds, { ...errors, ...extra }, feedback.serverError);

  return {
    form,
    submitting: form.formState.isSubmitting,
    feedback,
    widget,
    send,
    finish,
    created,
    startOver,
    summaryItems,
    fieldProps,
  };
}
