import type { components } from '@portal/sdk/schema';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { $api, apiClient } from '#src/lib/api.ts';

export type NotificationKind = components['schemas']['NotificationKind'];
export type NotificationPreferences = components['schemas']['NotificationPreferences'];
export type UnsubscribeInfo = components['schemas']['UnsubscribeInfo'];

/** GET /api/v1/my_profile/notifications/: the kinds this user receives, each with its setting. */
export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    ...$api.queryOptions('get', '/api/v1/my_profile/notifications/'),
    // The profile section says itself that the settings could not be read.
    meta: { errorToast: false },
  });

/**
 * PUT /api/v1/my_profile/notifications/ with every listed kind; the answer (the settings as
 * stored) replaces the cached ones, so the form and a later visit agree with the server.
 */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return $api.useMutation('put', '/api/v1/my_profile/notifications/', {
    meta: { errorToast: false },
    onSuccess: (saved) => queryClient.setQueryData(notificationPreferencesQueryOptions().queryKey, saved),
  });
}

/**
 * GET /api/v1/notifications/unsubscribe/?token=…: what a mail's unsubscribe link is for. Only
 * reads (link scanners open it too); a forged or damaged token answers 400, which the page shows.
 */
export const unsubscribeInfoQueryOptions = (token: string) =>
  queryOptions({
    ...$api.queryOptions('get', '/api/v1/notifications/unsubscribe/', { params: { query: { token } } }),
    meta: { errorToast: false },
    retry: false,
    staleTime: 0,
  });

/** POST /api/v1/notifications/unsubscribe/ {token} – only on the page's button. */
export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async () => {
      const { data } = await apiClient.POST('/api/v1/notifications/unsubscribe/', { body: { token } });
      if (!data) throw new Error('unsubscribe answered without its result');
      return data;
    },
    onSuccess: async (result) => {
      queryClient.setQueryData(unsubscribeInfoQueryOptions(token).queryKey, result);
      // A logged-in user's profile must show the kind switched off.
      await queryClient.invalidateQueries({ queryKey: notificationPreferencesQueryOptions().queryKey });
    },
  });
}
