import i18next from 'i18next';
import { useBotProtection } from '#src/components/bot-protection/use-bot-protection.tsx';
import { isApiError } from '#src/lib/errors.ts';
import { rememberRequest } from '../utils/remembered-requests.ts';
import { useCreatePublicRequest, type PublicRequestCreate } from './public-support-mutations.ts';
import type { PublicRequest } from './public-support-queries.ts';

export type SubmitOutcome =
  | { ok: true; request: PublicRequest; remembered: boolean }
  /** The Turnstile check has not been completed yet: nothing was sent. */
  | { ok: false; botCheckMissing: true }
  | { ok: false; botCheckMissing: false; error: unknown };

/**
 * Sends a public support request (the support form, the fault report and the order all end up
 * here): bot-protection token, create, and remembering id + code in this browser. The caller
 * keeps everything the visitor typed whatever happens, and shows the outcome.
 */
export function useSubmitPublicRequest() {
  const bot = useBotProtection('public-support');
  const create = useCreatePublicRequest();

  async function submit(body: PublicRequestCreate): Promise<SubmitOutcome> {
    let botToken: string | null | undefined;
    try {
      botToken = await bot.token();
    } catch (error) {
      // The challenge call answered an error (its Czech message is shown), or solving failed.
      const shown = isApiError(error) ? error : new Error(i18next.t('publicSupport:errors.botPrepare'));
      return { ok: false, botCheckMissing: false, error: shown };
    }
    if (botToken === undefined) return { ok: false, botCheckMissing: true };
    try {
      const request = await create.mutateAsync({ body, botToken });
      const remembered = rememberRequest({
        id: request.id,
        code: request.access_code,
        subject: request.subject,
        created: request.created_at,
        category: request.category,
      });
      return { ok: true, request, remembered };
    } catch (error) {
      return { ok: false, botCheckMissing: false, error };
    } finally {
      // The server has seen this token: the next attempt needs a fresh one.
      bot.reset();
    }
  }

  return { submit, widget: bot.widget, pending: create.isPending };
}
