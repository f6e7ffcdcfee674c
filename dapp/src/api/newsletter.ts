import { useMutation } from '@tanstack/react-query';
import type { subscribeReplySchema, SubscribeBody } from '@gavel/domain';
import { apiRequest, type ReplyOf } from './http.ts';

export function useSubscribe() {
  return useMutation({
    mutationFn: (body: SubscribeBody) => apiRequest<ReplyOf<typeof subscribeReplySchema>>('/subscriptions/subscribe', { method: 'POST', body }),
  });
}
