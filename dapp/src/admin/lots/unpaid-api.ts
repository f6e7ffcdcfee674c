/** The admin's two actions on a lot voided for non-payment: offer it to the runner-up, or relist it. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { adminLotReplySchema, RelistBody, secondChanceOfferReplySchema } from '@gavel/domain';
import { apiRequest, type ReplyOf } from '../../api/http.ts';
import { queryKeys } from '../../api/query-keys.ts';

const path = (lotId: string, action: string) => `/admin/auctions/${encodeURIComponent(lotId)}/${action}`;

export function useUnpaidLotActions(lotId: string) {
  const queryClient = useQueryClient();
  // The lot's page, the admin lists and the public pages all change: refetch them.
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.lots.all });
  };
  return {
    offer: useMutation({
      mutationFn: () => apiRequest<ReplyOf<typeof secondChanceOfferReplySchema>>(path(lotId, 'second-chance-offer'), { method: 'POST' }),
      onSuccess: refresh,
    }),
    relist: useMutation({
      mutationFn: (body: RelistBody) => apiRequest<ReplyOf<typeof adminLotReplySchema>>(path(lotId, 'relist'), { method: 'POST', body }),
      onSuccess: refresh,
    }),
  };
}
