import { useState } from 'react';
import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import { useSubmitFeedback, useZodForm } from '#src/components/forms/use-zod-form.ts';
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
  schema,
  empty,
  serverFields,
}: {
  schema: Schema;
  empty: DefaultValues<z.input<Schema>>;
  /** API field name → form field name. */
  serverFields: Readonly<Record<string, Path<z.input<Schema>>>>;
}) {
  const { t } = useTranslation('publicSupport');
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

  const startOver = () => {
    form.reset(empty);
    setCreated(null);
  };

  return { form, feedback, widget, send, created, setCreated, startOver };
}
