import { useState } from 'react';
import { stringify } from 'safe-stable-stringify';

/**
 * One `Idempotency-Key` per submission (docs/product.md §5): the server answers a repeated key
 * with the first result (`Idempotent-Replayed: true`), so a user who submits the same content
 * again after a lost answer gets the ticket, reading or booking made the first time, not a
 * second one. Changed content is a new submission with a new key, and after a success the
 * next submission gets a new key even with the same content (a deliberate second report).
 */
export interface SubmissionKeys {
  /** The key of a submission of these values: the last one's while the values are the same. */
  keyFor(values: unknown): string;
  /** The submission succeeded: the next one gets a new key, whatever its values. */
  succeeded(): void;
}

/** Files by what identifies them (a File's own properties are not enumerable). */
function describeValue(_key: string, value: unknown): unknown {
  if (typeof File !== 'undefined' && value instanceof File) {
    return { file: value.name, size: value.size, type: value.type, lastModified: value.lastModified };
  }
  if (typeof Blob !== 'undefined' && value instanceof Blob) return { blob: value.size, type: value.type };
  return value;
}

/** A stable text of the submitted values: the same for equal values whatever their key order. */
export function submissionFingerprint(values: unknown): string {
  return stringify(values, describeValue) ?? 'undefined';
}

export function createSubmissionKeys(newKey: () => string = () => crypto.randomUUID()): SubmissionKeys {
  let last: { fingerprint: string; key: string } | null = null;
  return {
    keyFor(values) {
      const fingerprint = submissionFingerprint(values);
      if (last?.fingerprint !== fingerprint) last = { fingerprint, key: newKey() };
      return last.key;
    },
    succeeded() {
      last = null;
    },
  };
}

/** The submission keys of one form (or mutation hook), kept for the component's lifetime. */
export function useSubmissionKeys(): SubmissionKeys {
  const [keys] = useState(createSubmissionKeys);
  return keys;
}
