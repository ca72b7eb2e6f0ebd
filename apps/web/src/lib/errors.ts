import { ApiError } from '@portal/sdk/client';
import i18next from 'i18next';

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export const isUnauthorized = (error: unknown): boolean => isApiError(error) && error.status === 401;

/**
 * The message a user sees for an error: the server's Czech message for HTTP errors (the SDK
 * also words network failures in Czech), else the error's own message (docs/product.md §8).
 */
export function errorMessage(error: unknown): string {
  if (isApiError(error) && error.message) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return i18next.t('common:errors.unexpected');
}

/** The HTTP status behind an error, when there is one (the SDK uses 0 for "no answer"). */
export function errorStatus(error: unknown): number | undefined {
  return isApiError(error) && error.status > 0 ? error.status : undefined;
}

/** The server's per-field messages for the given form fields (ErrorBody `fields`). */
export function serverFieldErrors<Name extends string>(error: unknown, names: readonly Name[]): [Name, string][] {
  if (!isApiError(error)) return [];
  return Object.entries(error.fields ?? {}).filter((entry): entry is [Name, string] =>
    names.includes(entry[0] as Name),
  );
}
