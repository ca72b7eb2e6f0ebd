import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  forgetRequest,
  readRememberedRequests,
  REMEMBERED_REQUESTS_KEY,
  rememberedRequest,
  rememberRequest,
  type RememberedRequest,
} from './remembered-requests.ts';

const entry = (id: number, created: string, overrides: Partial<RememberedRequest> = {}): RememberedRequest => ({
  id,
  code: `kod-${id}`,
  subject: `Požadavek ${id}`,
  created,
  category: 'support',
  ...overrides,
});

describe('requests remembered in this browser', () => {
  afterEach(() => {
    window.localStorage.clear();
    vi.restoreAllMocks();
  });

  it('keeps the newest first, refreshes an entry instead of repeating it, and forgets one', () => {
    rememberRequest(entry(1, '2026-11-20T08:00:00Z'));
    rememberRequest(entry(2, '2026-11-21T08:00:00Z'));
    rememberRequest(entry(1, '2026-11-20T08:00:00Z', { subject: 'Nový předmět' }));
    expect(readRememberedRequests().map((item) => [item.id, item.subject])).toEqual([
      [2, 'Požadavek 2'],
      [1, 'Nový předmět'],
    ]);
    expect(rememberedRequest(1)?.code).toBe('kod-1');
    forgetRequest(2);
    expect(readRememberedRequests().map((item) => item.id)).toEqual([1]);
    expect(rememberedRequest(2)).toBeUndefined();
  });

  it('skips stored entries that do not look right and survives broken JSON', () => {
    window.localStorage.setItem(
      REMEMBERED_REQUESTS_KEY,
      JSON.stringify([
        entry(3, '2026-11-21T08:00:00Z'),
        { id: 'x', code: 'a' },
        { ...entry(4, '2026-11-21T08:00:00Z'), category: 'hack' },
      ]),
    );
    expect(readRememberedRequests().map((item) => item.id)).toEqual([3]);
    window.localStorage.setItem(REMEMBERED_REQUESTS_KEY, '{nope');
    expect(readRememberedRequests()).toEqual([]);
  });

  it('reports when the browser refuses to store, so the page keeps the code in the address', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(rememberRequest(entry(5, '2026-11-21T08:00:00Z'))).toBe(false);
  });
});
