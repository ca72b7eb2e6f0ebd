import i18next from 'i18next';
import { isRouteErrorResponse } from 'react-router';
import { errorStatus, isApiError } from '#src/lib/errors.ts';

export interface DescribedError {
  status?: number | undefined;
  message: string;
}

const messageFromData = (data: unknown): string | undefined =>
  typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string'
    ? data.message
    : undefined;

/**
 * Status and Czech message for the error page. HTTP errors keep their status and the server's
 * message; other errors are programming faults whose (English) text is for the console and
 * error reporting, not for the tenant.
 */
export function describeError(error: unknown): DescribedError {
  if (isRouteErrorResponse(error)) {
    const fallback = error.status === 404 ? i18next.t('common:errors.notFound') : i18next.t('common:errors.unexpected');
    return { status: error.status, message: messageFromData(error.data) ?? fallback };
  }
  if (isApiError(error)) {
    return { status: errorStatus(error), message: error.message || i18next.t('common:errors.unexpected') };
  }
  return { message: i18next.t('common:errors.unexpected') };
}
