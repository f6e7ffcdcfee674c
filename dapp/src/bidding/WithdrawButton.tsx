import { messages } from '@gavel/domain';
import { useWithdrawBid } from '../api/bids.ts';
import { useNotify } from '../components/toast/use-notify.ts';

interface WithdrawButtonProps {
  lotId: string;
  bidId: string;
  /** The bid's amount with its unit, for the button's accessible name. */
  amount: string;
  className: string;
  testId: string;
}

/** WITHDRAW for one's own outbid bid, on the lot's bid history and on My bids alike: the spec's messages either way. */
export function WithdrawButton({ lotId, bidId, amount, className, testId }: WithdrawButtonProps) {
  const withdraw = useWithdrawBid(lotId);
  const notify = useNotify();
  return (
    <button
      type="button"
      className={className}
      disabled={withdraw.isPending}
      data-testid={testId}
      aria-label={`Withdraw your bid of ${amount}`}
      onClick={() =>
        withdraw.mutate(bidId, {
          onSuccess: (reply) => notify.success(reply.message, messages.bids.withdrawn),
          onError: (error) => notify.failure(error, messages.bids.withdrawFailed),
        })
      }
    >
      {withdraw.isPending ? 'Withdrawing…' : 'Withdraw'}
    </button>
  );
}
