import { useEffect, useRef, useState } from 'react';
import type { VersionedTicket } from '../api/staff-incident-queries.ts';

/**
 * The versions this page made itself: each of its own changes leads from one ETag to the next.
 * A form with unsaved edits may move over those (a saved visit window does not make the status
 * form stale), never over a colleague's.
 */
export interface OwnVersions {
  record: (from: string, to: string) => void;
  /** Do the page's own changes lead from `from` to `to`? */
  leadsTo: (from: string, to: string) => boolean;
}

export function useOwnVersions(): OwnVersions {
  const steps = useRef(new Map<string, string>());
  const [versions] = useState<OwnVersions>(() => ({
    record: (from, to) => {
      if (from !== to) steps.current.set(from, to);
    },
    leadsTo: (from, to) => {
      let at: string | undefined = from;
      for (let hops = 0; at !== undefined && hops <= steps.current.size; hops += 1) {
        if (at === to) return true;
        at = steps.current.get(at);
      }
      return false;
    },
  }));
  return versions;
}

/**
 * The version a form edits. While the form is untouched it follows the live ticket (the detail
 * polls) and `show` puts the current values into it. Once the user has changed something it
 * stays – the save carries the version the user saw (If-Match), so a colleague's change in
 * between is a 412 instead of being overwritten – unless only this page's own changes lie in
 * between; then it moves on and keeps the edits. `adopt` moves it explicitly (after a save).
 */
export function useBaseVersion(
  live: VersionedTicket,
  dirty: boolean,
  own: OwnVersions,
  show: (version: VersionedTicket) => void,
) {
  const [base, setBase] = useState(live);
  const showRef = useRef(show);
  showRef.current = show;
  useEffect(() => {
    if (live.etag === base.etag) return;
    if (!dirty) {
      setBase(live);
      showRef.current(live);
    } else if (own.leadsTo(base.etag, live.etag)) {
      setBase(live);
    }
  }, [dirty, live, base.etag, own]);
  const adopt = (version: VersionedTicket) => {
    own.record(base.etag, version.etag);
    setBase(version);
    showRef.current(version);
  };
  return [base, adopt] as const;
}
