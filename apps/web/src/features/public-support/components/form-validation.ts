import type { TFunction } from 'i18next';
import * as z from 'zod/mini';
import { errorMessage, isApiError } from '#src/lib/errors.ts';
import { isPlausibleEmail, isPlausiblePhone } from '#src/utils/contact.ts';
import type { SubmitOutcome } from '../api/use-submit-public-request.ts';
import { NAME_MAX } from '../utils/compose-request.ts';

/** Name, e-mail and phone as the public forms check them (the API checks again). */
export function contactSchema(t: TFunction<'publicSupport'>, { nameRequired }: { nameRequired: boolean }) {
  return {
    name: nameRequired
      ? z.string().check(
          z.trim(),
          // Not aborting: an empty name cannot be too long anyway, and an abort would stop the
          // order form's cross-field rules (zod skips object checks after an aborted field).
          z.minLength(1, { error: t('errors.nameRequired') }),
          z.maxLength(NAME_MAX, { error: t('errors.nameTooLong') }),
        )
      : z.string().check(z.trim(), z.maxLength(NAME_MAX, { error: t('errors.nameTooLong') })),
    email: z.string().check(
      z.trim(),
      z.refine((value) => value === '' || isPlausibleEmail(value), { error: t('errors.emailInvalid') }),
    ),
    phone: z.string().check(
      z.trim(),
      z.refine((value) => value === '' || isPlausiblePhone(value), { error: t('errors.phoneInvalid') }),
    ),
  };
}

/**
 * What a failed submit shows: the server's Czech message for the summary (or the bot-check hint
 * when the Turnstile box was not ticked) and the server's field messages mapped onto the form's
 * fields (`serverFields`: API field name → form field name).
 */
export function submitFailure<FormField extends string>(
  t: TFunction<'publicSupport'>,
  outcome: Extract<SubmitOutcome, { ok: false }>,
  serverFields: Readonly<Record<string, FormField>>,
): { message: string; fields: [FormField, string][] } {
  if (outcome.botCheckMissing) return { message: t('errors.botCheck'), fields: [] };
  const { error } = outcome;
  const fields: [FormField, string][] = [];
  if (isApiError(error)) {
    for (const [name, message] of Object.entries(error.fields)) {
      const field = serverFields[name];
      if (field !== undefined) fields.push([field, message]);
    }
  }
  return { message: errorMessage(error), fields };
}
