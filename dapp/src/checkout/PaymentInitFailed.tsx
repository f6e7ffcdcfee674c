import { paymentMessages } from '@gavel/domain';
import { AlertIcon } from '../components/icons/icons.tsx';

/**
 * The spec's panel for a payment that could not even start (the api or Stripe unreachable, no client
 * secret): its Try Again reloads the page, which starts everything afresh, the spec's own remedy.
 */
export function PaymentInitFailed({ message = paymentMessages.initFailed }: { message?: string }) {
  return (
    <div className="checkout-step checkout-step--center pay-init-failed" role="alert" data-testid="payment-init-failed">
      <span className="pay-init-failed__icon" aria-hidden="true">
        <AlertIcon width={28} height={28} />
      </span>
      <p className="checkout-step__lead">{paymentMessages.initFailedTitle}</p>
      <p className="checkout-note" data-testid="payment-init-failed-message">
        {message}
      </p>
      <button type="button" className="btn btn--primary" data-testid="payment-init-retry" onClick={() => window.location.reload()}>
        Try Again
      </button>
    </div>
  );
}
