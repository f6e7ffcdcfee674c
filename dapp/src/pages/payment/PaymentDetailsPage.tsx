import { useState } from 'react';
import { Link } from 'react-router';
import { AlertIcon, ShieldIcon } from '../../components/icons/icons.tsx';
import { useSignedInUser } from '../../session/use-current-user.ts';
import { AccountFrame } from '../setup/AccountFrame.tsx';
import { afterStepRoute } from '../setup/setup-steps.ts';
import { CardForm } from '../../payment/CardForm.tsx';
import { CardVerification } from './CardVerification.tsx';
import { SavedCard } from './SavedCard.tsx';
import { useSaveCard } from '../../payment/use-save-card.ts';
import '../../payment/payment.css';

/** /payment-details: the card that secures bids, saved with Stripe and verified with a $1 hold. */
export function PaymentDetailsPage() {
  const user = useSignedInUser();
  const { phase, declined, method, save } = useSaveCard();
  const [replacing, setReplacing] = useState(false);
  const saved = method.data && method.data.status !== 'none' && method.data.last4 ? method.data : null;
  const verified = saved?.status === 'verified' && user.hasValidPaymentMethod;
  const showForm = phase.name !== 'verifying' && (!verified || replacing);

  return (
    <AccountFrame testId="payment-details" step={3} title="Payment method" lead="Add the card that secures your bids. You can replace it at any time.">
      <section className="account-card">
        {saved && phase.name === 'idle' && <SavedCard method={saved} />}
        {phase.name === 'verifying' && <CardVerification />}
        {declined && phase.name === 'idle' && (
          <p className="form-banner form-banner--error" role="alert" data-testid="card-declined">
            <AlertIcon width={18} height={18} /> {declined}
          </p>
        )}
        {verified && !replacing && phase.name === 'idle' && (
          <div className="account-actions">
            <Link to={afterStepRoute(user)} className="btn btn--primary" data-testid="payment-continue">
              Continue
            </Link>
            <button type="button" className="btn btn--ghost" data-testid="card-replace" onClick={() => setReplacing(true)}>
              Replace card
            </button>
          </div>
        )}
        {showForm && method.isPending && <div className="skeleton payment-loading" />}
        {showForm && !method.isPending && (
          <>
            {verified && <h2 className="account-card__title">Replace your card</h2>}
            <CardForm busy={phase.name === 'saving'} initialEmail={user.email} onSave={(card) => void save(card).then(() => setReplacing(false))} />
          </>
        )}
        <p className="secure-note">
          <ShieldIcon width={16} height={16} /> Card details go straight to Stripe, our payment provider. Gavel never sees your card number.
        </p>
      </section>
    </AccountFrame>
  );
}
