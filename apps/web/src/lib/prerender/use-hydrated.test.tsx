import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { finishHydration, startHydration, useHydrated } from './use-hydrated.ts';

function Probe({ onRender }: { onRender?: (hydrated: boolean) => void }) {
  const hydrated = useHydrated();
  onRender?.(hydrated);
  return <p>{hydrated ? 'data' : 'skeleton'}</p>;
}

describe('useHydrated', () => {
  it('is false in the prerender and in the hydrating render, then true', async () => {
    const html = renderToString(<Probe />);
    expect(html).toContain('skeleton');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const seen: boolean[] = [];
    startHydration();
    // An async act: it also flushes what the hydration schedules (the transition to the content).
    await act(() => {
      hydrateRoot(container, <Probe onRender={(hydrated) => seen.push(hydrated)} />);
      return Promise.resolve();
    });
    finishHydration();
    expect(seen[0]).toBe(false);
    expect(container.textContent).toBe('data');
    // Rendered twice: hydrating, then the transition to the content – no synchronous catch-up
    // render in between (React re-renders at once when the client snapshot differs from the
    // server's, and around a dehydrated Suspense boundary that hydrates it all in one task).
    expect(seen).toEqual([false, true]);
    container.remove();
  });

  it('is true at once in a client-rendered page', () => {
    render(<Probe />);
    expect(screen.getByText('data')).toBeInTheDocument();
  });
});
