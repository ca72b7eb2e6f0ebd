import { fieldErrors } from '../../../domain/errors.js';
import {
  STAFF_KINDS,
  TENANT_KINDS,
  isNotificationKind,
  preferencesOf,
  setPreferences,
  type NotificationKind,
} from '../../../domain/notifications.js';
import { contractSchema, type ContractRoutes } from '../../../http/contract-schema.js';
import { currentUser } from '../../../plugins/app/authentication.js';

/** `ja***@example.cz`: enough to recognise one's address, not enough to harvest it. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

const invalidToken = () =>
  fieldErrors({ token: ['Odkaz pro odhlášení je neplatný nebo poškozený. Upozornění si nastavíte v profilu.'] });

/**
 * E-mail notification settings (`/profil`) and the one-click unsubscribe of every non-security
 * mail (RFC 8058): GET shows what a link is for, POST switches it off; no login, the signed
 * token decides (domain/notifications.ts, plugins/app/mailer.ts).
 */
export const notificationRoutes: ContractRoutes = async (fastify) => {
  const authenticated = { onRequest: [fastify.authenticate] };

  const kindsOf = (isStaff: boolean): readonly NotificationKind[] =>
    isStaff ? [...STAFF_KINDS, ...TENANT_KINDS] : TENANT_KINDS;

  const settings = async (email: string, isStaff: boolean) => {
    const current = await preferencesOf(fastify.db, email);
    return { kinds: kindsOf(isStaff).map((kind) => ({ kind, enabled: current[kind] })) };
  };

  fastify.get(
    '/my_profile/notifications/',
    { schema: contractSchema('getNotificationPreferences'), ...authenticated },
    async (request) => {
      const user = currentUser(request);
      return settings(user.email, user.isStaff);
    },
  );

  fastify.put(
    '/my_profile/notifications/',
    { schema: contractSchema('updateNotificationPreferences'), ...authenticated },
    async (request) => {
      const user = currentUser(request);
      const allowed = kindsOf(user.isStaff);
      const choices: Partial<Record<NotificationKind, boolean>> = {};
      for (const { kind, enabled } of request.body.kinds) {
        if (!allowed.includes(kind)) throw fieldErrors({ kinds: [`Upozornění „${kind}“ vám portál neposílá.`] });
        choices[kind] = enabled;
      }
      await setPreferences(fastify.db, user.email, choices);
      return settings(user.email, user.isStaff);
    },
  );

  const claimOf = (token: string) => {
    const claim = fastify.verifyUnsubscribe(token);
    if (claim === undefined || !isNotificationKind(claim.kind)) throw invalidToken();
    return { email: claim.email, kind: claim.kind };
  };

  fastify.get('/notifications/unsubscribe/', { schema: contractSchema('getUnsubscribe') }, async (request) => {
    const { email, kind } = claimOf(request.query.token);
    const current = await preferencesOf(fastify.db, email);
    return { kind, email: maskEmail(email), enabled: current[kind] };
  });

  fastify.post('/notifications/unsubscribe/', { schema: contractSchema('unsubscribe') }, async (request) => {
    const { email, kind } = claimOf(request.body.token);
    await setPreferences(fastify.db, email, { [kind]: false });
    request.log.info({ kind }, 'unsubscribed by link');
    return { kind, email: maskEmail(email), enabled: false };
  });
};
