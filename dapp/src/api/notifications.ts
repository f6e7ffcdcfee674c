import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences, NotificationPreferencesPatch, NotificationPreferencesReply, UnsubscribeReply } from '@gavel/domain';
import { apiRequest } from './http.ts';
import { queryKeys } from './query-keys.ts';

/** GET /me/notification-preferences: which e-mails the user receives. */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: queryKeys.account.notificationPreferences,
    queryFn: ({ signal }) => apiRequest<NotificationPreferences>('/me/notification-preferences', { signal }),
  });
}

/** PATCH /me/notification-preferences: the reply is the saved state, written straight into the cache. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: NotificationPreferencesPatch) => apiRequest<NotificationPreferencesReply>('/me/notification-preferences', { method: 'PATCH', body: patch }),
    onSuccess: (reply) => queryClient.setQueryData(queryKeys.account.notificationPreferences, reply.preferences),
  });
}

/** POST /notifications/unsubscribe: the token from a mail's unsubscribe link, no sign-in needed. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) => apiRequest<UnsubscribeReply>('/notifications/unsubscribe', { method: 'POST', body: { token }, token: null }),
  });
}
