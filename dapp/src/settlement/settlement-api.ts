/** The settlement calls of an ended lot (admin-side section 7): verify payment, mark paid, mark transferred. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminLotReplySchema, type MarkPaidBody } from '@gavel/domain';
import { apiRequest } from '../api/http.ts';

/** Only the reply's message is read here; the lot itself is refetched by whichever page shows it. */
const replySchema = adminLotReplySchema.pick({ message: true });

export function useSettlementActions(lotId: string) {
  const queryClient = useQueryClient();
  const path = (action: string) => `/auctions/${encodeURIComponent(lotId)}/${action}`;
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['auctions', 'detail', lotId] });
    void queryClient.invalidateQueries({ queryKey: ['admin'] });
  };
  return {
    verifyPayment: useMutation({
      mutationFn: () => apiRequest(path('verify-payment'), { method: 'POST', body: {}, schema: replySchema }),
      onSuccess: refresh,
    }),
    markPaid: useMutation({
      mutationFn: (body: MarkPaidBody) => apiRequest(path('mark-paid'), { method: 'POST', body, schema: replySchema }),
      onSuccess: refresh,
    }),
    transfer: useMutation({
      mutationFn: (transferTransactionHash: string) => apiRequest(path('transfer'), { method: 'POST', body: { transferTransactionHash }, schema: replySchema }),
      onSuccess: refresh,
    }),
  };
}
