import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@gavel/domain';
import { useWithdrawBid } from '../api/bids.ts';
import { queryKeys } from '../api/query-keys.ts';
import { useNotify } from '../components/toast/use-notify.ts';

/** WITHDRAW on My bids: takes back an outbid bid, as on the lot page, then reads the list again. */
export function WithdrawFromList({ lotId, bidId, amount }: { lotId: string; bidId: string; amount: string }) {
  const withdraw = useWithdrawBid(lotId);
  const queryClient = useQueryClient();
  const notify = useNotify();
  return (
    <button
      type="button"
      className="btn btn--ghost"
      disabled={withdraw.isPending}
      data-testid="my-bid-withdraw"
      aria-label={`Withdraw your bid of ${amount}`}
      onClick={() =>
        withdraw.mutate(bidId, {
          onSuccess: (reply) => notify.success(reply.message, messages.bids.withdrawn),
          onError: (error) => notify.failure(error, messages.bids.withdrawFailed),
          onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.account.follow.list('myBids') }),
        })
      }
    >
      {withdraw.isPending ? 'Withdrawing…' : 'Withdraw'}
    </button>
  );
}
