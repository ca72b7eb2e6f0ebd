import { loadDocument } from '@portal/openapi/documents';

/**
 * The public forms that carry a bot-protection token, as named in bff.yaml (`x-bot-protection`
 * on each protected operation). The name is the Turnstile widget's `action` and the form an
 * ALTCHA challenge is bound to, so a token solved for one form is refused on another.
 */
export const BOT_FORMS = ['public-support', 'public-support-message', 'public-reservation', 'password-reset'] as const;
export type BotForm = (typeof BOT_FORMS)[number];

/** The request header that carries the token (Turnstile: the widget token; ALTCHA: the base64 payload). */
export const BOT_TOKEN_HEADER = 'x-bot-token';

type Operations = Record<string, Record<string, Record<string, unknown>>>;

/** The bot-protected form of an operation of bff.yaml, or null when it needs no token. */
export function botFormOf(path: string, method: string): BotForm | null {
  const paths = (loadDocument('bff') as { paths?: Operations }).paths ?? {};
  const value = paths[path]?.[method.toLowerCase()]?.['x-bot-protection'];
  if (value === undefined) return null;
  if (!BOT_FORMS.includes(value as BotForm))
    throw new Error(`bff.yaml: unknown x-bot-protection ${JSON.stringify(value)} on ${method} ${path}`);
  return value as BotForm;
}
