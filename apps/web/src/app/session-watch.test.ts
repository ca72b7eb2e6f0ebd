import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { sessionQueryKey, setSession } from '#src/lib/session.ts';
import { buildSession } from '#src/testing/factories.ts';
import { revalidateWhenSessionEnds } from './session-watch.ts';

function setup() {
  const queryClient = new QueryClient();
  const revalidate = vi.fn();
  setSession(queryClient, buildSession());
  revalidateWhenSessionEnds(queryClient, revalidate);
  const refetchAs = (session: ReturnType<typeof buildSession> | null) =>
    queryClient.fetchQuery({ queryKey: sessionQueryKey, queryFn: () => Promise.resolve(session), staleTime: 0 });
  return { queryClient, revalidate, refetchAs };
}

describe('session end noticed by a refetch', () => {
  it('re-runs the route loaders when a refetch finds the session gone', async () => {
    const { revalidate, refetchAs } = setup();
    await refetchAs(buildSession());
    expect(revalidate).not.toHaveBeenCalled();
    await refetchAs(null);
    expect(revalidate).toHaveBeenCalledTimes(1);
    await refetchAs(null);
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  it('leaves an explicit logout to its own navigation', () => {
    const { queryClient, revalidate } = setup();
    setSession(queryClient, null);
    expect(revalidate).not.toHaveBeenCalled();
  });
});
