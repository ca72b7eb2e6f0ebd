// The answers allauth's routes are expected to give (ADR 001), for the allauth tests to compare.
import type { AllauthErrorItem } from '../http/api-error.js';
import { REQUIRED_MESSAGE } from '../http/validation-errors.js';

/** allauth's "not authenticated" answer: what a logout and a password reset answer too (ADR 001). */
export const ALLAUTH_LOGGED_OUT = { status: 401, data: { flows: [] }, meta: { is_authenticated: false } };

/** allauth's 400 envelope with these errors, as an answer is expected to be. */
export const allauthBadRequest = (...errors: AllauthErrorItem[]) => ({ status: 400, errors });

/** The allauth error item of a missing field (DRF's wording, which ADR 001 pins). */
export const missingParam = (param: string): AllauthErrorItem => ({
  code: 'required',
  message: REQUIRED_MESSAGE,
  param,
});
