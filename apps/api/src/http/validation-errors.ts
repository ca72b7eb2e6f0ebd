import type { FastifySchemaValidationError } from 'fastify';
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
            message: `Zadejte alespoň ${limit} znaků.`,
          };
    }
    case 'maxLength':
      return {
        field: field(path),
        code: 'max_length',
        message: `Zadejte nejvýše ${String(params['limit'])} znaků.`,
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
    default:
      return { field: field(path), code: 'invalid', message: 'Neplatná hodnota.' };
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

function typeMessage(type: string): string {
  switch (type) {
    case 'string':
      return 'Zadejte text.';
    case 'integer':
      return 'Zadejte celé číslo.';
    case 'number':
      return 'Zadejte číslo.';
    case 'boolean':
      return 'Zadejte logickou hodnotu (true nebo false).';
    case 'array':
      return 'Očekáván seznam položek.';
    case 'object':
      return 'Očekáván objekt.';
    default:
      return 'Neplatná hodnota.';
  }
}

function formatMessage(format: string): string {
  switch (format) {
    case 'email':
      return 'Zadejte platnou e-mailovou adresu.';
    case 'uuid':
      return 'Zadejte platné UUID.';
    case 'date-time':
      return 'Zadejte datum a čas ve formátu RFC 3339.';
    case 'date':
      return 'Zadejte datum ve formátu RRRR-MM-DD.';
    case 'uri':
      return 'Zadejte platnou adresu URL.';
    default:
      return 'Neplatná hodnota.';
  }
}
