/**
 * The settlement calls of an ended lot: verify payment, mark paid, mark transferred, each
 * with the spec's toast. The toasts sit on the mutations themselves, not on one `mutate` call: a step's
 * success changes the lot (often first through the live event stream), which unmounts the form that asked,
 * and callbacks passed to `mutate` never run for an unmounted component.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settlementMessages, type adminLotReplySchema, type MarkPaidBody } from '@gavel/domain';
import { apiRequest, type ReplyOf } from '../api/http.ts';
import { lotChanged } from '../api/lot-cache.ts';
import { queryKeys } from '../api/query-keys.ts';
import { useNotify } from '../components/toast/use-notify.ts';

/** Only the reply's message is read here; the lot itself is refetched by whichever page shows it. */
type SettlementReply = Pick<ReplyOf<typeof adminLotReplySchema>, 'message'>;

/**
 * `transferFailed`: the transfer's default failure text, "Failed to transfer inscription" when what is
 * transferred is a BTC lot's inscription.
 */
export function useSettlementActions(lotId: string, transferFailed: string = settlementMessages.transferFailed) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const path = (action: string) => `/auctions/${encodeURIComponent(lotId)}/${action}`;
  const refresh = () => {
    lotChanged(queryClient, lotId);
    void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
  };
  return {
    verifyPayment: useMutation({
      /** `txHash`: the payment's reference, when the seller has one (a bank transfer's, a receipt's). */
      mutationFn: (txHash: string | undefined) => apiRequest<SettlementReply>(path('verify-payment'), { method: 'POST', body: txHash ? { txHash } : {} }),
      onSuccess: () => {
        notify.success(settlementMessages.paymentVerified, settlementMessages.paymentVerified);
        refresh();
      },
      onError: (error) => notify.failure(error, settlementMessages.verifyFailed),
    }),
    markPaid: useMutation({
      mutationFn: (body: MarkPaidBody) => apiRequest<SettlementReply>(path('mark-paid'), { method: 'POST', body }),
      onSuccess: (reply) => {
        notify.success(reply.message, settlementMessages.markedPaid);
        refresh();
      },
      onError: (error) => notify.failure(error, settlementMessages.markPaidFailed),
    }),
    transfer: useMutation({
      mutationFn: (transferTransactionHash: string) => apiRequest<SettlementReply>(path('transfer'), { method: 'POST', body: { transferTransactionHash } }),
      onSuccess: () => {
        notify.success(settlementMessages.transferred, settlementMessages.transferred);
        refresh();
      },
      onError: (error) => notify.failure(error, transferFailed),
    }),
  };
}
