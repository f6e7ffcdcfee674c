import { useState } from 'react';
import { Link } from 'react-router';
import { paymentMessages, type Lot } from '@gavel/domain';
import { usePaymentMethod } from '../api/payments.ts';
import { CheckIcon } from '../components/icons/icons.tsx';
import { lotAmount } from '../lots/lot-money.ts';
import type { CardDetails } from '../payment/card-collector.ts';
import { cardIsReady, cardLabel } from '../payment/card-label.ts';
import { PaymentCardForm } from './PaymentCardForm.tsx';
import { PaymentInitFailed } from './PaymentInitFailed.tsx';
import { PaymentSignIn, useSignedIn } from './PaymentSignIn.tsx';
import { PriceSummary } from './PriceSummary.tsx';
import { buyNowReturnUrl } from './use-resume-buy-now.ts';
import { useBuyNow, useBuyNowIntent } from './use-buy-now.ts';
import { usePayIntent } from './use-pay-intent.ts';

/**
 * BUY NOW by card: the api prepares a hold for the Buy Now price, the browser confirms it with the saved card
 * or a new one, then the purchase ends the lot. The hold is taken only once the purchase has committed.
 */
export function BuyNowPay({ lot, onDone }: { lot: Lot; onDone: () => void }) {
  const signedIn = useSignedIn();
  const intent = useBuyNowIntent(lot, signedIn);
  const method = usePaymentMethod(false).data;
  const { pay, paying, declined } = usePayIntent();
  const buy = useBuyNow(lot._id);
  const [newCard, setNewCard] = useState(false);

  if (buy.isSuccess) {
    return (
      <div className="checkout-step checkout-step--center" data-testid="buy-now-done">
        <span className="checkout-success" aria-hidden="true">
          <CheckIcon width={30} height={30} />
        </span>
        <p className="checkout-step__lead">{buy.data.message}</p>
        <p className="checkout-note">
          {lot.title} is yours for {lotAmount(buy.data.data.soldPrice, buy.data.data.unit)}. It is waiting in your cart until it is transferred.
        </p>
        <Link to="/cart" className="btn btn--primary btn--block" onClick={onDone} data-testid="buy-now-view-cart">
          View cart
        </Link>
      </div>
    );
  }
  if (!signedIn) return <PaymentSignIn message={paymentMessages.loginToPay} />;
  if (intent.failure) return <PaymentInitFailed message={intent.failure} />;
  if (!intent.data)
    return (
      <div className="checkout-step" aria-busy="true">
        <span className="skeleton" style={{ height: 160 }} />
      </div>
    );

  const reply = intent.data;
  const busy = paying || buy.isPending;
  const purchase = async (card: CardDetails | null) => {
    if (await pay(reply, card, buyNowReturnUrl(lot._id))) buy.mutate({ paymentMethod: 'Stripe', paymentIntentId: reply.paymentIntentId });
  };
  const total = lotAmount(reply.amount, 'USD');

  return (
    <div className="checkout-step" data-testid="buy-now-pay">
      <PriceSummary lot={lot} tax={reply.tax} />
      {declined && (
        <p className="form-banner form-banner--error" role="alert" data-testid="buy-now-declined">
          {declined}
        </p>
      )}
      {cardIsReady(method) && !newCard ? (
        <>
          <button type="button" className="btn btn--accent btn--block" disabled={busy} data-testid="pay-saved-card" onClick={() => void purchase(null)}>
            {busy ? 'Processing…' : `Pay ${total} with ${cardLabel(method)}`}
          </button>
          <button type="button" className="btn btn--ghost btn--block" onClick={() => setNewCard(true)}>
            Use another card
          </button>
        </>
      ) : (
        <PaymentCardForm submitLabel={`Pay ${total}`} busy={busy} onPay={(card) => void purchase(card)} />
      )}
      <p className="checkout-note">Buying now ends the auction at once; other bids on this lot are cancelled and their holds released.</p>
    </div>
  );
}
