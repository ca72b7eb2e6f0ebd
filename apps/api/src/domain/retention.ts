import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { publicSupportMessages, publicSupportRequests, reservations } from '../db/schema.js';

export const ANONYMISED_NAME = 'Anonymizováno';

/**
 * Erases the personal data of anonymous visitors once it is older than the retention period
 * (GDPR storage limitation): public support requests without activity for `retentionDays`
 * lose name, e-mail, phone, location and the text of the visitor's messages; public
 * reservations that ended that long ago lose name, e-mail, phone and note. Rows stay, so counts
 * and the operator's statistics survive. Idempotent; run by the API daily and by
 * `portal-admin anonymise`.
 */
export async function anonymiseVisitors(
  db: Database,
  retentionDays: number,
  now = new Date(),
): Promise<{ requests: number; reservations: number }> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  return db.transaction(async (tx) => {
    const requests = await tx
      .update(publicSupportRequests)
      .set({ name: ANONYMISED_NAME, email: null, phone: null, location: null, anonymisedAt: now })
      .where(and(lt(publicSupportRequests.updatedAt, cutoff), isNull(publicSupportRequests.anonymisedAt)))
      .returning({ id: publicSupportRequests.id });
    if (requests.length > 0) {
      await tx
        .update(publicSupportMessages)
        .set({ body: '[Zpráva byla po uplynutí doby uchování anonymizována.]' })
        .where(
          and(
            inArray(
              publicSupportMessages.requestId,
              requests.map((row) => row.id),
            ),
            eq(publicSupportMessages.authorRole, 'visitor'),
          ),
        );
    }
    const bookings = await tx
      .update(reservations)
      .set({ name: ANONYMISED_NAME, email: null, phone: null, note: null, anonymisedAt: now })
      .where(and(isNull(reservations.tenantId), lt(reservations.endsAt, cutoff), isNull(reservations.anonymisedAt)))
      .returning({ id: reservations.id });
    return { requests: requests.length, reservations: bookings.length };
  });
}
