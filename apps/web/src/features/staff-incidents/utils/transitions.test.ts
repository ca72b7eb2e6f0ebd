import { describe, expect, it } from 'vitest';
import { allowedTransitions, takesResolution } from './transitions.ts';

describe('status transitions', () => {
  it('follow the table of docs/product.md §4', () => {
    expect(allowedTransitions('open')).toEqual(['in_progress', 'resolved', 'closed']);
    expect(allowedTransitions('in_progress')).toEqual(['open', 'resolved', 'closed']);
    expect(allowedTransitions('resolved')).toEqual(['in_progress', 'closed']);
    expect(allowedTransitions('closed')).toEqual([]);
  });

  it('never offer the current status as a change', () => {
    for (const status of ['open', 'in_progress', 'resolved', 'closed'] as const) {
      expect(allowedTransitions(status)).not.toContain(status);
    }
  });

  it('take a resolution only when resolving or closing', () => {
    expect(takesResolution('resolved')).toBe(true);
    expect(takesResolution('closed')).toBe(true);
    expect(takesResolution('open')).toBe(false);
    expect(takesResolution('in_progress')).toBe(false);
  });
});
