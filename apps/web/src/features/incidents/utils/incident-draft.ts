/**
 * The new-incident form's draft in sessionStorage, so what the user typed survives a failed
 * submit and an expired session (the login brings them back to the form). Keyed by user and
 * tenant: another account or tenant in the same tab never sees it. Files cannot be stored;
 * the form says so when it restores a draft.
 */
export interface IncidentDraft {
  subject: string;
  building: string;
  priority: string;
  description: string;
  contact_phone: string;
}

const PREFIX = 'portal:incident-draft:';

export const draftKey = (userId: number | string, tenantId: string | null) => `${PREFIX}${userId}:${tenantId ?? '-'}`;

const isDraft = (value: unknown): value is IncidentDraft =>
  value !== null &&
  typeof value === 'object' &&
  ['subject', 'building', 'priority', 'description', 'contact_phone'].every(
    (field) => typeof (value as Record<string, unknown>)[field] === 'string',
  );

export function readDraft(key: string): IncidentDraft | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as unknown;
    return isDraft(parsed) ? parsed : null;
  } catch {
    // Storage disabled or a corrupt entry: start empty rather than fail the page.
    return null;
  }
}

/** Stores the draft; an entirely empty form removes it. */
export function writeDraft(key: string, draft: IncidentDraft): void {
  try {
    const empty = !draft.subject && !draft.description && !draft.contact_phone && !draft.building;
    if (empty) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Quota or privacy mode: the draft is a convenience, the form works without it.
  }
}

export function clearDraft(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // See writeDraft.
  }
}
