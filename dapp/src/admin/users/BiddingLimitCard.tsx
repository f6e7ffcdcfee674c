import { useState } from 'react';
import { biddingLimitBodySchema, messages } from '@gavel/domain';
import { useNotify } from '../../components/toast/use-notify.ts';
import { adminErrorMessage } from '../common/admin-errors.ts';
import { useUserMutations } from './users-api.ts';

/**
 * The user's pay-later bidding limit: how much they may bid or buy on USD lots without a card hold, to be settled
 * with Gavel after the sale. 0 means card only.
 */
export function BiddingLimitCard({ userId, current }: { userId: string; current: string }) {
  const { biddingLimit } = useUserMutations(userId);
  const notify = useNotify();
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);

  const save = () => {
    const check = biddingLimitBodySchema.safeParse({ biddingLimit: value.trim() });
    if (!check.success) {
      setError(check.error.issues[0]?.message ?? messages.identity.biddingLimitFormat);
      return;
    }
    setError(null);
    biddingLimit.mutate(value.trim(), {
      onSuccess: (reply) => notify.success(reply.message, messages.identity.biddingLimitUpdated),
      onError: (failure) => notify.failure(failure, adminErrorMessage(failure, 'Failed to update the bidding limit')),
    });
  };

  return (
    <div className="admin-card">
      <h2 className="admin-card__title">Pay-later bidding limit</h2>
      <p>Bids and Buy Now on USD lots without a card hold are accepted up to this amount, less what the user has open. Now: ${current}.</p>
      <label className="form-field">
        <span>Limit (US dollars)</span>
        <input
          inputMode="decimal"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'bidding-limit-error' : undefined}
          data-testid="bidding-limit-input"
        />
      </label>
      {error && (
        <p id="bidding-limit-error" className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="btn btn--primary" disabled={biddingLimit.isPending} onClick={save} data-testid="bidding-limit-save">
        {biddingLimit.isPending ? 'Saving…' : 'Save limit'}
      </button>
    </div>
  );
}
