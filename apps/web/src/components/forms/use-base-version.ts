import { useEffect, useState } from 'react';

/**
 * The version a form edits, for records saved with If-Match (`etag`). It follows the live record
 * (the page polls) while the form is untouched, so it shows what is current; once the user has
 * changed something it stays, so the save carries the version the user saw and a colleague's
 * change in between is a 412 instead of being overwritten. `adopt` (the setter) moves it on
 * explicitly, after a save or a reload.
 */
export function useBaseVersion<Versioned extends { etag: string }>(live: Versioned, dirty: boolean) {
  const [base, setBase] = useState(live);
  useEffect(() => {
    if (!dirty && live.etag !== base.etag) setBase(live);
  }, [dirty, live, base.etag]);
  return [base, setBase] as const;
}
