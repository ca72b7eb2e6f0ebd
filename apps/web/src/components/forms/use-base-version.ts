import { useEffect, useState } from 'react';
import type { VersionedTicket } from '../api/staff-incident-queries.ts';

/**
 * The version a form edits. It follows the live ticket (the detail polls) while the form is
 * untouched, so it shows what is current; once the user has changed something it stays, so the
 * save carries the version the user saw (If-Match) and a colleague's change in between is a
 * 412 instead of being overwritten. `adopt` moves it on explicitly (after a save or a reload).
 */
export function useBaseVersion(live: VersionedTicket, dirty: boolean) {
  const [base, setBase] = useState(live);
  useEffect(() => {
    if (!dirty && live.etag !== base.etag) setBase(live);
  }, [dirty, live, base.etag]);
  return [base, setBase] as const;
}
