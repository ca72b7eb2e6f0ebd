import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../../../db/database.js';
import { publicSupportAttachments, publicSupportMessages, publicSupportRequests } from '../../../db/schema.js';
import { accessCodeMatches } from '../../../domain/access-codes.js';
import { storedFileFields, type StoredFile } from '../../../domain/attachment-files.js';
import { drfError } from '../../../domain/errors.js';
import {
  requestThread,
  serializePublicMessage,
  touchPublicRequest,
  type PublicRequestRow,
} from '../../../domain/public-support.js';
import { buildingRefs } from '../../../domain/refs.js';
import { selectFirst } from '../../../domain/queries.js';

/** The same answer for an unknown id and a wrong code, so ids cannot be probed. */
export const requestNotFound = () =>
  drfError(404, 'not_found', 'Požadavek nebyl nalezen nebo je přístupový kód nesprávný.');

/** The request with this id and access code, locked for update when asked; 404 otherwise. */
export async function findWithCode(
  db: Database,
  id: number,
  code: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<PublicRequestRow> {
  const row = await selectFirst(db, publicSupportRequests, eq(publicSupportRequests.id, id), { lock });
  // Checked even when the id is unknown, so both paths take the same time.
  const matches = accessCodeMatches(code, row?.accessCodeHash);
  if (row === undefined || !matches) throw requestNotFound();
  return row;
}

function serializeAttachment(row: typeof publicSupportAttachments.$inferSelect) {
  // Without the code: the client adds `?code=…` itself, so the secret is never stored in a URL field.
  return { ...storedFileFields(row), download_url: `/api/v1/public_support/${row.requestId}/attachments/${row.id}/` };
}

/** `PublicSupportRequest`; the access code is the caller's own (only its digest is stored). */
export async function serializeRequest(db: Database, row: PublicRequestRow, accessCode: string) {
  const { messages, attachments } = await requestThread(db, row.id);
  const places = await buildingRefs(db, [row.buildingId]);
  return {
    id: row.id,
    access_code: accessCode,
    category: row.category,
    subject: row.subject,
    status: row.status,
    name: row.name,
    building: row.buildingId === null ? null : (places.get(row.buildingId) ?? null),
    location: row.location,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    messages: messages.map(serializePublicMessage),
    attachments: attachments.map(serializeAttachment),
  };
}

/** A visitor's further message. */
export async function addVisitorMessage(tx: Database, request: PublicRequestRow, body: string) {
  const [message] = await tx
    .insert(publicSupportMessages)
    .values({ requestId: request.id, authorRole: 'visitor', body })
    .returning();
  if (message === undefined) throw new Error('message insert returned no row');
  await touchPublicRequest(tx, request.id, new Date());
  return serializePublicMessage(message);
}

export async function attachmentCount(db: Database, requestId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(publicSupportAttachments)
    .where(eq(publicSupportAttachments.requestId, requestId));
  return row?.value ?? 0;
}

export async function addAttachments(tx: Database, request: PublicRequestRow, files: readonly StoredFile[]) {
  await touchPublicRequest(tx, request.id, new Date());
  const rows = await tx
    .insert(publicSupportAttachments)
    .values(files.map((file) => ({ requestId: request.id, ...file })))
    .returning();
  return rows.map(serializeAttachment);
}

export async function findAttachment(db: Database, requestId: number, attachmentId: number) {
  const where = and(eq(publicSupportAttachments.id, attachmentId), eq(publicSupportAttachments.requestId, requestId));
  return selectFirst(db, publicSupportAttachments, where);
}
