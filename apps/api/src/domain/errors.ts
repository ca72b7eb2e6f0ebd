/**
 * The refusals of the operator API: a status and the body upstream.yaml documents for it.
 * Domain rules throw these – a rule of the contract decides both the message and the status
 * (409 for a closed ticket, 400 with field errors for a reading below the last one) – and the
 * central error handler (plugins/app/error-handler.ts) sends them as they are; the operator CLI
 * prints their messages instead. Two body styles exist because the contract mirrors two
 * libraries (docs/decisions/001-contract-shapes.md): DRF/simplejwt `{detail, code}` or field
 * errors, and the django-allauth envelope (http/api-error.ts).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(typeof body['detail'] === 'string' ? body['detail'] : `HTTP ${statusCode}`);
  }

  /** Every message of the body, for a reader that is not an HTTP client (the CLI). */
  messages(): string[] {
    return Object.values(this.body).flatMap((value) =>
      Array.isArray(value)
        ? value.filter((item) => typeof item === 'string')
        : typeof value === 'string'
          ? [value]
          : [],
    );
  }
}

/** DRF `APIException` shape: `{detail, code}`. */
export function drfError(
  statusCode: number,
  code: string,
  detail: string,
  headers?: Readonly<Record<string, string>>,
): ApiError {
  return new ApiError(statusCode, { detail, code }, headers);
}

/** DRF validation shape: 400 `{"<field>": ["message", …]}` (`non_field_errors` for the whole input). */
export function fieldErrors(errors: Record<string, string[]>): ApiError {
  return new ApiError(400, errors);
}

/** DRF's answer to a required text that is only white space. */
export const BLANK_FIELD_MESSAGE = 'Toto pole nesmí být prázdné.';

/** Refuses a text that is empty once trimmed, as DRF's `allow_blank=False` does. */
export function requireText(field: string, value: string): void {
  if (value.trim() === '') throw fieldErrors({ [field]: [BLANK_FIELD_MESSAGE] });
}
