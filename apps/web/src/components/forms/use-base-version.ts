import { useEffect, useRef, useState } from 'react';

/**
 * The versions a page made itself: each of its own saves leads from one ETag to the next. A form
 * with unsaved edits may move over those (a saved visit window does not make the status form of
 * the same page stale), never over a colleague's.
 */
export interface OwnVersions {
  record: (from: string, to: string) => void;
  /** Do the page's own saves lead from `from` to `to`? */
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

interface BaseVersionOptions<Versioned> {
  /** The page's own saves, which an edited form may move over. */
  own?: OwnVersions;
  /** Puts a version's values into the form (when it follows the live record, and after `adopt`). */
  show?: (version: Versioned) => void;
}

/**
 * The version a form edits, for records saved with If-Match (`etag`). While the form is
 * untouched it follows the live record (the page polls) and `show` puts the current values into
 * it. Once the user has changed something it stays – the save carries the version the user saw,
 * so a colleague's change in between is a 412 instead of being overwritten – unless only the
 * page's own saves lie in between; then it moves on and keeps the edits. `adopt` moves it
 * explicitly (after a save or a reload).
 */
export function useBaseVersion<Versioned extends { etag: string }>(
  live: Versioned,
  dirty: boolean,
  { own, show }: BaseVersionOptions<Versioned> = {},
) {
  const [base, setBase] = useState(live);
  const showRef = useRef(show);
  showRef.current = show;
  useEffect(() => {
    if (live.etag === base.etag) return;
    if (!dirty) {
      setBase(live);
      showRef.current?.(live);
    } else if (own?.leadsTo(base.etag, live.etag)) {
      setBase(live);
    }
  }, [dirty, live, base.etag, own]);
  const adopt = (version: Versioned) => {
    own?.record(base.etag, version.etag);
    setBase(version);
    showRef.current?.(version);
  };
  return [base, adopt] as const;
}
