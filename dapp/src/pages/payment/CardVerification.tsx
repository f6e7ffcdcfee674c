import { paymentMessages } from '@gavel/domain';

/** While the api places and releases the $1 hold: what is happening, and that the money comes back. */
export function CardVerification() {
  return (
    <div className="card-verification" role="status" aria-live="polite" data-testid="card-verifying">
      <span className="card-verification__spinner" aria-hidden="true" />
      <div>
        <p className="card-verification__title">{paymentMessages.verifying}</p>
        <p className="card-verification__text">Verifying your card with a $1 hold, refunded within 5 days. This takes a few seconds: please keep this page open.</p>
      </div>
    </div>
  );
}
