import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createSubmissionKeys, submissionFingerprint, useSubmissionKeys } from './idempotency-key.ts';

const counter = () => {
  let next = 0;
  return () => `key-${(next += 1)}`;
};

describe('submission keys', () => {
  it('reuses the key while the same content is submitted again', () => {
    const keys = createSubmissionKeys(counter());
    const first = keys.keyFor({ subject: 'Teče voda', building: 1 });
    expect(keys.keyFor({ building: 1, subject: 'Teče voda' })).toBe(first);
    expect(keys.keyFor({ subject: 'Teče voda', building: 1 })).toBe('key-1');
  });

  it('makes a new key when the content changes, and for changed-back content', () => {
    const keys = createSubmissionKeys(counter());
    expect(keys.keyFor({ value: '12,5' })).toBe('key-1');
    expect(keys.keyFor({ value: '12,6' })).toBe('key-2');
    expect(keys.keyFor({ value: '12,5' })).toBe('key-3');
  });

  it('makes a new key after a success, even for the same content', () => {
    const keys = createSubmissionKeys(counter());
    expect(keys.keyFor({ body: 'Děkuji' })).toBe('key-1');
    keys.succeeded();
    expect(keys.keyFor({ body: 'Děkuji' })).toBe('key-2');
  });

  it('tells files apart by name, size and date, not by identity', () => {
    const a = new File(['abc'], 'foto.jpg', { type: 'image/jpeg', lastModified: 1 });
    const same = new File(['abc'], 'foto.jpg', { type: 'image/jpeg', lastModified: 1 });
    const other = new File(['abcd'], 'foto.jpg', { type: 'image/jpeg', lastModified: 1 });
    expect(submissionFingerprint({ files: [a] })).toBe(submissionFingerprint({ files: [same] }));
    expect(submissionFingerprint({ files: [a] })).not.toBe(submissionFingerprint({ files: [other] }));
  });

  it('keeps its keys across renders of the component', () => {
    const { result, rerender } = renderHook(() => useSubmissionKeys());
    const key = result.current.keyFor({ a: 1 });
    rerender();
    expect(result.current.keyFor({ a: 1 })).toBe(key);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });
});
