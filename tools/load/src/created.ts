/**
 * What the simulated users created and were told had been created (2xx), so the fault check
 * can read it back afterwards; and the creates that never got a success answer (their data may
 * or may not exist, which the check reports without failing).
 */
export interface CreatedRecords {
  tickets: Array<{ actor: string; id: number; subject: string }>;
  comments: Array<{ actor: string; ticketId: number; body: string }>;
  readings: Array<{ actor: string; id: number; meterId: number; note: string }>;
  reservations: Array<{ actor: string; id: number; roomId: number; title: string; cancelled: boolean }>;
  publicRequests: Array<{ actor: string; id: number; accessCode: string; subject: string }>;
  unanswered: Array<{ actor: string; kind: string; marker: string }>;
}

export function emptyRecords(): CreatedRecords {
  return { tickets: [], comments: [], readings: [], reservations: [], publicRequests: [], unanswered: [] };
}
