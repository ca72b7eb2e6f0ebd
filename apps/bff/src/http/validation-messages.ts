import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { MALFORMED_TEXT_KEYWORD, MALFORMED_TEXT_MESSAGE } from '@portal/fastify-common/text-safety';

/**
 * Turns Ajv's validation errors into the per-field Czech messages of ErrorBody.fields. The
 * messages follow the GOV.UK pattern (say what to do, reuse the field's words) without knowing
 * each field's label, so they stay short and generic.
 */
export function validationFields(errors: FastifySchemaValidationError[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const error of errors) {
    const field = fieldName(error);
    if (field in fields) continue;
    fields[field] = messageFor(error);
  }
  return fields;
}

function fieldName(error: FastifySchemaValidationError): string {
  const params = error.params;
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') return params.missingProperty;
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    return params.additionalProperty;
  }
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  return path === '' ? '_' : path;
}

function messageFor(error: FastifySchemaValidationError): string {
  const params = error.params;
  switch (error.keyword) {
    case 'required':
      return 'Vyplňte toto pole.';
    case 'minLength':
      return params.limit === 1 ? 'Vyplňte toto pole.' : `Zadejte alespoň ${characters(Number(params.limit))}.`;
    case 'maxLength':
      return `Zadejte nejvýše ${characters(Number(params.limit))}.`;
    case 'format':
      return params.format === 'email'
        ? 'Zadejte e-mail ve správném tvaru, například jan.novak@example.cz.'
        : 'Zadejte hodnotu ve správném tvaru.';
    case 'type':
      return 'Zadejte hodnotu správného typu.';
    case 'enum':
      return 'Vyberte jednu z nabízených možností.';
    case 'minimum':
    case 'exclusiveMinimum':
      return `Zadejte číslo nejméně ${String(params.limit)}.`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `Zadejte číslo nejvýše ${String(params.limit)}.`;
    case 'pattern':
      return 'Zadejte hodnotu ve správném tvaru.';
    case 'additionalProperties':
      return 'Toto pole není povoleno.';
    case MALFORMED_TEXT_KEYWORD:
      return MALFORMED_TEXT_MESSAGE;
    default:
      return 'Zkontrolujte tuto hodnotu.';
  }
}

const czechPlural = new Intl.PluralRules('cs-CZ');
const characterWords: Partial<Record<Intl.LDMLPluralRule, string>> = { one: 'znak', few: 'znaky', many: 'znaku' };

/** „1 znak", „3 znaky", „5 znaků" */
function characters(count: number): string {
  return `${count.toLocaleString('cs-CZ')} ${characterWords[czechPlural.select(count)] ?? 'znaků'}`;
}
