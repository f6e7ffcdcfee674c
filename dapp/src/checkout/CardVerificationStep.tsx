import { paymentMessages } from '@gavel/domain';
import { ShieldIcon } from '../components/icons/icons.tsx';

/**
 * The checkout's card-verification step: while the api's $1 hold checks a newly saved card (a second or two), or
 * for a blink when the saved card is already verified. The flow moves on by itself once it is decided.
 */
export function CardVerificationStep() {
  return (
    <div className="checkout-step checkout-step--center" data-testid="checkout-step-card-verification" aria-busy="true">
      <span className="checkout-spinner" aria-hidden="true">
        <ShieldIcon width={28} height={28} />
      </span>
      <p className="checkout-step__lead">{paymentMessages.verifying}</p>
      <p className="checkout-note">{paymentMessages.verificationHold}</p>
    </div>
  );
}
