import type { FastifySchemaValidationError } from 'fastify';
import { MALFORMED_TEXT_KEYWORD, MALFORMED_TEXT_MESSAGE } from '@portal/fastify-common/text-safety';
import { czechCount } from '../domain/czech-count.js';
import type { AllauthErrorItem } from './api-error.js';

/**
 * Turns Ajv errors (Fastify's request validation) into the two error styles of the contract.
 * Messages are Czech, ready to be shown to a tenant (upstream.yaml), except the one for a
 * missing field: ADR 001 pins DRF's "This field is required." verbatim.
 */

export const NON_FIELD_ERRORS = 'non_field_errors';
export const REQUIRED_MESSAGE = 'This field is required.';

interface FieldError {
  field: string;
  code: string;
  message: string;
}

/** DRF: `{"<field>": ["message", ...], "non_field_errors": [...]}`. */
export function toDrfValidationBody(errors: readonly FastifySchemaValidationError[]): Record<string, string[]> {
  const body: Record<string, string[]> = {};
  for (const { field, message } of describeAll(errors)) {
    const messages = (body[field] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }
  return body;
}

/** allauth: `[{code, message, param}]`; whole-body problems carry no `param`. */
export function toAllauthErrors(errors: readonly FastifySchemaValidationError[]): AllauthErrorItem[] {
  const seen = new Set<string>();
  const items: AllauthErrorItem[] = [];
  for (const { field, code, message } of describeAll(errors)) {
    const key = `${field}\u0000${code}`;
    if (seen.has(key)) continue;
    seen.add(key);
    items.push(field === NON_FIELD_ERRORS ? { code, message } : { code, message, param: field });
  }
  return items;
}

function describeAll(errors: readonly FastifySchemaValidationError[]): FieldError[] {
  // Ajv reports both the failing branch and the wrapping keyword for some schemas; the
  // wrappers add nothing a client could act on.
  return errors.filter((error) => !['anyOf', 'oneOf', 'if'].includes(error.keyword)).map(describe);
}

function describe(error: FastifySchemaValidationError): FieldError {
  const { params } = error;
  const path = pointerToField(error.instancePath);
  switch (error.keyword) {
    case 'required': {
      const missing = typeof params['missingProperty'] === 'string' ? params['missingProperty'] : '';
      return { field: join(path, missing), code: 'required', message: REQUIRED_MESSAGE };
    }
    case 'type': {
      if (path === '') {
        return {
          field: NON_FIELD_ERRORS,
          code: 'invalid',
          message: 'Neplatná data: očekáván objekt JSON.',
        };
      }
      return { field: path, code: 'invalid', message: typeMessage(String(params['type'])) };
    }
    case 'format':
      return { field: field(path), code: 'invalid', message: formatMessage(String(params['format'])) };
    case 'minLength': {
      const limit = Number(params['limit']);
      return limit <= 1
        ? { field: field(path), code: 'blank', message: 'Toto pole nesmí být prázdné.' }
        : {
            field: field(path),
            code: 'min_length',
            message: `Zadejte alespoň ${characters(limit)}.`,
          };
    }
    case 'maxLength':
      return {
        field: field(path),
        code: 'max_length',
        message: `Zadejte nejvýše ${characters(Number(params['limit']))}.`,
      };
    case 'minimum':
      return {
        field: field(path),
        code: 'min_value',
        message: `Zadejte hodnotu alespoň ${String(params['limit'])}.`,
      };
    case 'maximum':
      return {
        field: field(path),
        code: 'max_value',
        message: `Zadejte hodnotu nejvýše ${String(params['limit'])}.`,
      };
    case 'enum':
      return { field: field(path), code: 'invalid_choice', message: 'Neplatná volba.' };
    case MALFORMED_TEXT_KEYWORD:
      return { field: field(path), code: 'invalid', message: MALFORMED_TEXT_MESSAGE };
    default:
      return { field: field(path), code: 'invalid', message: INVALID_VALUE };
  }
}

/** `/email` → `email`, `/items/0/name` → `items.0.name` (DRF nests; a flat key is enough here). */
function pointerToField(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

function join(parent: string, child: string): string {
  return parent === '' ? child : `${parent}.${child}`;
}

function field(path: string): string {
  return path === '' ? NON_FIELD_ERRORS : path;
}

const INVALID_VALUE = 'Neplatná hodnota.';

/** What to enter instead of a value of the wrong JSON type. */
const TYPE_MESSAGES: Readonly<Record<string, string>> = {
  string: 'Zadejte text.',
  integer: 'Zadejte celé číslo.',
  number: 'Zadejte číslo.',
  boolean: 'Zadejte logickou hodnotu (true nebo false).',
  array: 'Očekáván seznam položek.',
  object: 'Očekáván objekt.',
};

/** What to enter instead of a string of the wrong format. */
const FORMAT_MESSAGES: Readonly<Record<string, string>> = {
  email: 'Zadejte platnou e-mailovou adresu.',
  uuid: 'Zadejte platné UUID.',
  'date-time': 'Zadejte datum a čas ve formátu RFC 3339.',
  date: 'Zadejte datum ve formátu RRRR-MM-DD.',
  uri: 'Zadejte platnou adresu URL.',
};

const typeMessage = (type: string) => TYPE_MESSAGES[type] ?? INVALID_VALUE;

/** „1 znak“, „3 znaky“, „5 000 znaků“ (accusative, after „Zadejte alespoň / nejvýše“). */
const characters = (count: number) => czechCount(count, { one: 'znak', few: 'znaky', other: 'znaků' });
const formatMessage = (format: string) => FORMAT_MESSAGES[format] ?? INVALID_VALUE;
