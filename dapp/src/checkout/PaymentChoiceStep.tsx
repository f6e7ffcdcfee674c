import { displayAmount, maximumRefusal, messages, parseAmount, paymentMessages, type BiddingLimitReply, type Lot, type PaymentMethodReply } from '@gavel/domain';
import { useBiddingLimit } from '../api/payments.ts';
import { useAppDispatch, useAppSelector } from '../state/store.ts';
import { addPaymentMethod, choosePayment, goToStep, PAYMENT_CHOICES, type PaymentChoice } from '../state/checkout.ts';
import { cardIsReady, cardLabel } from '../payment/card-label.ts';

interface ChoiceInfo {
  label: string;
  detail: string;
  /** Why this choice cannot pay this lot, or null. */
  block: string | null;
}

/**
 * What each of the checkout's payment choices means for this lot. Cards bid on every lot this checkout opens for (USD lots,
 * and BTC lots, held for the sats' USD value; ETH lots are bid on chain instead); wallets pay their own chain's. A bid
 * with a maximum takes only the choices that can carry one (the domain's maximumRefusal).
 */
export function choicesFor(
  lot: Pick<Lot, 'paymentMethod'>,
  method: PaymentMethodReply | undefined,
  walletAddress: string | null,
  limit?: BiddingLimitReply['data'],
  withMaximum = false,
): Record<PaymentChoice, ChoiceInfo> {
  const saved = cardLabel(method);
  const walletMaximum = withMaximum ? maximumRefusal('btc_wallet') : null;
  const available = limit ? parseAmount(limit.available, 'USD') : 0n;
  return {
    // The saved card, kept by Stripe: without a verified one it would only repeat Credit card.
    stripe: { label: 'Stripe', detail: `Your saved ${saved ?? 'card'}`, block: cardIsReady(method) ? null : 'No verified card saved yet: add one with Credit card.' },
    card: { label: 'Credit card', detail: 'Enter a new card', block: null },
    'pay-later': {
      label: 'Pay later',
      detail: `Within your pay-later bidding limit (${displayAmount(available, 'USD')} available${withMaximum ? ', your maximum counting in full' : ''}); settled with Gavel after the sale`,
      block: lot.paymentMethod !== 'Manual' ? 'For USD lots only.' : available > 0n ? null : paymentMessages.noBiddingLimit,
    },
    bitcoin: {
      label: 'Bitcoin',
      detail: withMaximum ? 'Sign an offer for each step up to your maximum, from Leather or Xverse' : 'Pay from Leather or Xverse',
      block: lot.paymentMethod !== 'BTC' ? 'For Bitcoin lots only.' : (walletMaximum ?? (walletAddress ? null : messages.bids.walletRequired)),
    },
    ethereum: {
      label: 'Ethereum',
      detail: 'Bid on chain from your EVM wallet',
      block: lot.paymentMethod !== 'ETH' ? 'For Ethereum lots only.' : walletAddress ? null : 'Please connect your Ethereum wallet to place a bid.',
    },
  };
}

/** The CHECKOUT step: the payment choice, and ADD PAYMENT METHOD for a card not saved yet. */
export function PaymentChoiceStep({ lot, method, walletAddress }: { lot: Lot; method: PaymentMethodReply | undefined; walletAddress: string | null }) {
  const dispatch = useAppDispatch();
  const chosen = useAppSelector((state) => state.checkout.choice);
  const withMaximum = useAppSelector((state) => state.checkout.bid?.maximum !== undefined);
  const limit = useBiddingLimit(lot.paymentMethod === 'Manual').data?.data;
  const choices = choicesFor(lot, method, walletAddress, limit, withMaximum);
  const selected = chosen && !choices[chosen].block ? chosen : null;

  return (
    <div className="checkout-step" data-testid="checkout-step-checkout">
      <fieldset className="pay-choices">
        <legend className="checkout-step__label">Pay with</legend>
        {PAYMENT_CHOICES.map((choice) => (
          <label key={choice} className="pay-choice" data-disabled={choices[choice].block ? true : undefined}>
            <input
              type="radio"
              name="payment-choice"
              value={choice}
              checked={selected === choice}
              disabled={Boolean(choices[choice].block)}
              data-testid={`pay-choice-${choice}`}
              onChange={() => dispatch(choosePayment(choice))}
            />
            <span className="pay-choice__text">
              <strong>{choices[choice].label}</strong>
              <small>{choices[choice].block ?? choices[choice].detail}</small>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="checkout-step__actions">
        <button type="button" className="btn btn--primary btn--block" disabled={!selected} data-testid="checkout-continue" onClick={() => dispatch(goToStep('payment-details'))}>
          Continue
        </button>
        <button type="button" className="btn btn--ghost btn--block" data-testid="checkout-add-payment" onClick={() => dispatch(addPaymentMethod())}>
          ADD PAYMENT METHOD
        </button>
      </div>
    </div>
  );
}
