import type { FastifyError, FastifyRequest, FastifySchemaValidationError } from 'fastify';

/**
 * The validation keyword of text that PostgreSQL cannot store; each service's error handler
 * words it with {@link MALFORMED_TEXT_MESSAGE} (the API's validation-errors.ts, the BFF's
 * validation-messages.ts).
 */
export const MALFORMED_TEXT_KEYWORD = 'wellFormedText';

export const MALFORMED_TEXT_MESSAGE =
  'Text obsahuje nepovolené znaky (například nulový znak). Odstraňte je a zkuste to znovu.';

/** A NUL character or a UTF-16 surrogate without its pair. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function isMalformed(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/** JSON pointers of every malformed string in a parsed body or query (keys included). */
export function malformedTextPaths(value: unknown, pointer = ''): string[] {
  if (typeof value === 'string') return isMalformed(value) ? [pointer] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => malformedTextPaths(item, `${pointer}/${index}`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => {
      const child = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      return isMalformed(key) ? [child] : malformedTextPaths(item, child);
    });
  }
  return [];
}

/**
 * Every malformed string of a parsed value as a validation error of {@link MALFORMED_TEXT_KEYWORD}
 * (none when the text is sound): for JSON a handler parses itself, such as a multipart part.
 */
export function malformedTextErrors(value: unknown): FastifySchemaValidationError[] {
  return malformedTextPaths(value).map((instancePath) => ({
    keyword: MALFORMED_TEXT_KEYWORD,
    instancePath,
    schemaPath: `#/${MALFORMED_TEXT_KEYWORD}`,
    params: {},
    message: MALFORMED_TEXT_MESSAGE,
  }));
}

/**
 * A `preValidation` hook: text with NUL bytes or lone surrogates in the query or the JSON body
 * is refused as a validation error (a Czech 400 through the service's error handler), before
 * any handler. PostgreSQL cannot store such text and would fail with a 500, so the API refuses
 * it before its database, and the BFF before the upstream's.
 */
export async function refuseMalformedText(request: FastifyRequest): Promise<void> {
  for (const [context, value] of [
    ['querystring', request.query],
    ['body', request.body],
  ] as const) {
    const validation = malformedTextErrors(value);
    if (validation.length === 0) continue;
    throw Object.assign(new Error(MALFORMED_TEXT_MESSAGE), {
      statusCode: 400,
      validation,
      validationContext: context,
    }) as FastifyError;
  }
}
