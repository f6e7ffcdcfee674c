/**
 * The settlement calls of an ended lot: verify payment, mark paid, mark transferred, each
 * with the spec's toast. The toasts sit on the mutations themselves, not on one `mutate` call: a step's
 * success changes the lot (often first through the live event stream), which unmounts the form that asked,
 * and callbacks passed to `mutate` never run for an unmounted component.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settlementMessages as s, type adminLotReplySchema, type MarkPaidBody } from '@gavel/domain';
import { apiRequest, type ReplyOf } from '../api/http.ts';
import { useNotify } from '../components/toast/use-notify.ts';

/** Only the reply's message is read here; the lot itself is refetched by whichever page shows it. */
type SettlementReply = Pick<ReplyOf<typeof adminLotReplySchema>, 'message'>;

export function useSettlementActions(lotId: string) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const path = (action: string) => `/auctions/${encodeURIComponent(lotId)}/${action}`;
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['auctions', 'detail', lotId] });
    void queryClient.invalidateQueries({ queryKey: ['admin'] });
  };
  return {
    verifyPayment: useMutation({
      mutationFn: () => apiRequest<SettlementReply>(path('verify-payment'), { method: 'POST', body: {} }),
      onSuccess: () => { notify.success(s.paymentVerified, s.paymentVerified); refresh(); },
      onError: (error) => notify.failure(error, s.verifyFailed),
    }),
    markPaid: useMutation({
      mutationFn: (body: MarkPaidBody) => apiRequest<SettlementReply>(path('mark-paid'), { method: 'POST', body }),
      onSuccess: (reply) => { notify.success(reply.message, s.markedPaid); refresh(); },
      onError: (error) => notify.failure(error, s.markPaidFailed),
    }),
    transfer: useMutation({
      mutationFn: (transferTransactionHash: string) => apiRequest<SettlementReply>(path('transfer'), { method: 'POST', body: { transferTransactionHash } }),
      onSuccess: () => { notify.success(s.transferred, s.transferred); refresh(); },
      onError: (error) => notify.failure(error, s.transferFailed),
    }),
  };
}
