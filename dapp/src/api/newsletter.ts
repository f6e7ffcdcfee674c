import { useMutation } from '@tanstack/react-query';
import { subscribeReplySchema, type SubscribeBody } from '@gavel/domain';
import { apiRequest } from './http.ts';

export function useSubscribe() {
  return useMutation({
    mutationFn: (body: SubscribeBody) =>
      apiRequest('/subscriptions/subscribe', { method: 'POST', body, schema: subscribeReplySchema }),
  });
}
