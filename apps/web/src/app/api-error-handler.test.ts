import { ApiError } from '@portal/sdk/client';
import { toaster } from '@portal/ui/toast';
import { type Query, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { sessionQueryKey } from '#src/lib/session.ts';
import { buildSession } from '#src/testing/factories.ts';
import { createApiErrorHandler } from './api-error-handler.ts';

function setup(pathname = '/profil', search = '?tab=1') {
  const queryClient = new QueryClient();
  queryClient.setQueryData(sessionQueryKey, buildSession());
  const navigate = vi.fn(async () => {});
  const handler = createApiErrorHandler({
    getQueryClient: () => queryClient,
    getRouter: () => ({ state: { location: { pathname, search } }, navigate }),
  });
  return { queryClient, navigate, handler };
}

const apiError = (status: number, message: string, code = 'x') =>
  Object.assign(Object.create(ApiError.prototype) as ApiError, { status, code, message, fields: {} });

const queryWith = (queryClient: QueryClient, data: unknown) => {
  const query = queryClient.getQueryCache().build(queryClient, { queryKey: ['get', '/api/v1/buildings/'] });
  if (data !== undefined) query.setData(data);
  return query as unknown as Query<unknown, unknown, unknown>;
};

const mutationWith = (queryClient: QueryClient, meta?: Record<string, unknown>) =>
  queryClient.getMutationCache().build(queryClient, { meta });

describe('global API error handling', () => {
  it.each(['session_expired', 'not_authenticated'])(
    'on a 401 %s forgets the session and goes to the login page with the current location',
    (code) => {
      const { queryClient, navigate, handler } = setup();
      handler(apiError(401, 'Nejste přihlášeni.', code), { kind: 'query', query: queryWith(queryClient, [1]) });
      expect(queryClient.getQueryData(sessionQueryKey)).toBeNull();
      expect(navigate).toHaveBeenCalledWith(`/prihlaseni?redirect=${encodeURIComponent('/profil?tab=1')}`, {
        replace: true,
      });
    },
  );

  it('treats any 401 from the profile call as the end of the session', () => {
    const { queryClient, navigate, handler } = setup();
    const mutation = queryClient
      .getMutationCache()
      .build(queryClient, { mutationKey: ['patch', '/api/v1/my_profile/'] });
    handler(apiError(401, 'Token vypršel.', 'token_not_valid'), { kind: 'mutation', mutation });
    expect(queryClient.getQueryData(sessionQueryKey)).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('toasts a 401 with another code from another call instead of logging out', () => {
    const { queryClient, navigate, handler } = setup();
    handler(apiError(401, 'Neplatný podpis.', 'bad_signature'), {
      kind: 'mutation',
      mutation: mutationWith(queryClient),
    });
    expect(navigate).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(sessionQueryKey)).not.toBeNull();
    expect(toaster.getVisibleToasts()[0]?.description).toBe('Neplatný podpis.');
  });

  it('does not redirect on a 401 that the caller expects', () => {
    const { queryClient, navigate, handler } = setup();
    handler(apiError(401, 'x', 'session_expired'), {
      kind: 'mutation',
      mutation: mutationWith(queryClient, { authRedirect: false }),
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('toasts the server message for a failed mutation', () => {
    const { queryClient, handler } = setup();
    handler(apiError(409, 'Termín je již obsazen.'), { kind: 'mutation', mutation: mutationWith(queryClient) });
    expect(toaster.getVisibleToasts()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'error', title: 'Chyba', description: 'Termín je již obsazen.' }),
      ]),
    );
  });

  it('toasts a failed background refetch but leaves first loads to the error page', () => {
    const { queryClient, handler } = setup();
    handler(apiError(500, 'Poprvé'), { kind: 'query', query: queryWith(queryClient, undefined) });
    expect(toaster.getVisibleToasts()).toHaveLength(0);
    handler(apiError(500, 'Na pozadí'), { kind: 'query', query: queryWith(queryClient, [1]) });
    expect(toaster.getVisibleToasts().map((item) => item.description)).toEqual(['Na pozadí']);
  });

  it("falls back to the error's own message", () => {
    const { queryClient, handler } = setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    handler(new Error('Něco se rozbilo'), { kind: 'mutation', mutation: mutationWith(queryClient) });
    expect(toaster.getVisibleToasts()[0]?.description).toBe('Něco se rozbilo');
  });
});
