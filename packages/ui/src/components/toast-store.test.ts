import { afterEach, describe, expect, it } from 'vitest';
import { toast, toaster } from './toast-store';

afterEach(() => {
  toaster.remove();
  toast.removeAll();
});

/** The toast a store message dismisses (`all` for every toast), or null for other messages. */
function dismissedId(data: unknown): string | null {
  if (typeof data !== 'object' || data === null || !('message' in data) || data.message !== 'DISMISS') return null;
  return 'id' in data && typeof data.id === 'string' ? data.id : 'all';
}

describe('toast store', () => {
  it('maps severity, summary and detail onto a Chakra toast that lives 3000 ms', () => {
    const id = toast.add({ severity: 'error', summary: 'Chyba', detail: 'Něco se nepovedlo.' });
    const created = toaster.getVisibleToasts().find((item) => item.id === id);
    expect(created).toMatchObject({
      type: 'error',
      title: 'Chyba',
      description: 'Něco se nepovedlo.',
      duration: 3000,
      closable: true,
    });
  });

  it('keeps success toasts 3000 ms and honours an explicit life', () => {
    const success = toast.add({ severity: 'success', summary: 'Uloženo' });
    const sticky = toast.add({ severity: 'warn', summary: 'Pozor', life: 10_000, closable: false });
    const visible = toaster.getVisibleToasts();
    expect(visible.find((item) => item.id === success)?.duration).toBe(3000);
    expect(visible.find((item) => item.id === sticky)).toMatchObject({
      type: 'warning',
      duration: 10_000,
      closable: false,
    });
  });

  it('removes a whole group and leaves other toasts alone', () => {
    const a = toast.add({ summary: 'A', group: 'forms' });
    const b = toast.add({ summary: 'B', group: 'forms' });
    const other = toast.add({ summary: 'C' });
    expect(toast.groupIds('forms')).toEqual([a, b]);

    const dismissed: string[] = [];
    const unsubscribe = toaster.subscribe((data: unknown) => {
      const id = dismissedId(data);
      if (id) dismissed.push(id);
    });
    toast.removeGroup('forms');
    unsubscribe();

    expect(dismissed.sort()).toEqual([a, b].sort());
    expect(dismissed).not.toContain(other);
    expect(toast.groupIds('forms')).toEqual([]);
  });

  it('gives info and warn toasts longer to be read and removes everything with removeAll', () => {
    const info = toast.add({ severity: 'info', summary: 'Informace', group: 'a' });
    const warn = toast.add({ severity: 'warn', summary: 'Upozornění', group: 'b' });
    const visible = toaster.getVisibleToasts();
    expect(visible.find((item) => item.id === info)).toMatchObject({ type: 'info', duration: 5000 });
    expect(visible.find((item) => item.id === warn)).toMatchObject({ type: 'warning', duration: 5000 });

    const dismissed: string[] = [];
    const unsubscribe = toaster.subscribe((data: unknown) => {
      const id = dismissedId(data);
      if (id) dismissed.push(id);
    });
    toast.removeAll();
    unsubscribe();
    expect(dismissed.length).toBeGreaterThan(0);
    expect(toast.groupIds('a')).toEqual([]);
    expect(toast.groupIds('b')).toEqual([]);
  });

  it('replaces a toast with the same id instead of stacking it', () => {
    toast.add({ id: 'session-expired', severity: 'warn', summary: 'Jednou' });
    toast.add({ id: 'session-expired', severity: 'warn', summary: 'Podruhé' });
    expect(toaster.getVisibleToasts().filter((item) => item.id === 'session-expired')).toHaveLength(1);
  });

  it('places the stack bottom-left and clears it 200 ms after the last toast leaves', () => {
    expect(toaster.attrs.placement).toBe('bottom-start');
    expect(toaster.attrs.removeDelay).toBe(200);
  });

  it('notifies the first-use listener once a toast is raised', async () => {
    toaster.remove();
    let calls = 0;
    toast.onFirstToast(() => {
      calls += 1;
    });
    toast.add({ summary: 'První' });
    toast.add({ summary: 'Druhý' });
    await Promise.resolve();
    expect(calls).toBe(1);
  });
});
