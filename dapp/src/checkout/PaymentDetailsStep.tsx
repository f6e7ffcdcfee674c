import { messages, paymentMessages, type PaymentMethodReply } from '@gavel/domain';
import { useAppDispatch } from '../state/store.ts';
import { CardIcon, WalletIcon } from '../components/icons/icons.tsx';
import { BitcoinBidPanel, type LadderPreview } from './BitcoinBidPanel.tsx';
import { CardForm } from '../payment/CardForm.tsx';
import type { CardDetails } from '../payment/card-collector.ts';
import { addPaymentMethod, changePayment, goToStep, type PaymentChoice } from '../state/checkout.ts';
import { cardIsReady, cardLabel } from '../payment/card-label.ts';

interface PaymentDetailsStepProps {
  choice: PaymentChoice | null;
  method: PaymentMethodReply | undefined;
  /** Saves a new card (SetupIntent, card to Stripe, $1 verification), as the payment page does. */
  onSaveCard: (card: CardDetails) => void;
  saving: boolean;
  /** The card's own refusal ("Your card was declined."), shown above the form for another try. */
  declined: string | null;
  walletAddress: string | null;
  /** A Bitcoin bid goes straight from here: the wallet is its payment detail. */
  onWalletBid: () => void;
  /** The Bitcoin bid is on its way (the api builds the offer, the wallet signs it, the api places it). */
  walletBidding: boolean;
  /** A pay-later bid goes straight from here: the bidding limit stands behind it. */
  onPayLaterBid: () => void;
  /** Why the last bid was not placed ("Bid placement failed: {reason}"), shown where it was placed. */
  bidError: string | null;
  /** The bid carries a maximum: pay-later counts all of it against the limit. */
  withMaximum?: boolean;
  /** A Bitcoin wallet's maximum: its ladder of offers (BitcoinBidPanel's ladderOf), else null. */
  ladder?: LadderPreview | null;
}

/** The checkout's payment-details step: the saved card, the card entry sub-panel, or the wallet sub-panels. */
export function PaymentDetailsStep({
  choice,
  method,
  onSaveCard,
  saving,
  declined,
  walletAddress,
  onWalletBid,
  walletBidding,
  onPayLaterBid,
  bidError,
  withMaximum = false,
  ladder = null,
}: PaymentDetailsStepProps) {
  const dispatch = useAppDispatch();

  if (choice === 'pay-later') {
    return (
      <div className="checkout-step" data-testid="checkout-pay-later">
        <p className="checkout-note">
          No card is held: your {withMaximum ? 'maximum counts in full' : 'bid counts'} against your pay-later bidding limit until you are outbid, and you settle with Gavel after the sale if you win
          {withMaximum ? ', at the price you win at' : ''}.
        </p>
        {bidError && (
          <p className="form-banner form-banner--error" role="alert" data-testid="checkout-pay-later-error">
            {bidError}
          </p>
        )}
        <button type="button" className="btn btn--primary btn--block" disabled={walletBidding} onClick={onPayLaterBid} data-testid="checkout-pay-later-bid">
          {walletBidding ? 'Placing your bid…' : 'Place bid'}
        </button>
      </div>
    );
  }
  if (choice === 'bitcoin') {
    return <BitcoinBidPanel walletAddress={walletAddress} ladder={ladder} onWalletBid={onWalletBid} walletBidding={walletBidding} bidError={bidError} onOtherWay={() => dispatch(changePayment())} />;
  }
  if (choice === 'ethereum') {
    return (
      <div className="checkout-step" data-testid="checkout-ethereum">
        <p className="checkout-line">
          <WalletIcon /> {messages.bids.ethOnChain}
        </p>
      </div>
    );
  }
  if (choice === 'stripe' && cardIsReady(method)) {
    return (
      <div className="checkout-step" data-testid="checkout-step-payment-details">
        <p className="checkout-card" data-testid="checkout-saved-card">
          <CardIcon /> <strong>{cardLabel(method)}</strong> <span>Verified</span>
        </p>
        <p className="checkout-note">Your bid is secured with a hold on this card. It is released if you are outbid, and taken only if you win.</p>
        <button type="button" className="btn btn--primary btn--block" data-testid="checkout-continue" onClick={() => dispatch(goToStep('card-verification'))}>
          Continue
        </button>
        <button type="button" className="btn btn--ghost btn--block" onClick={() => dispatch(addPaymentMethod())}>
          Use another card
        </button>
      </div>
    );
  }
  return (
    <div className="checkout-step" data-testid="checkout-card-entry">
      {declined && (
        <p className="form-banner form-banner--error" role="alert" data-testid="checkout-card-declined">
          {declined}
        </p>
      )}
      <CardForm onSave={onSaveCard} busy={saving} />
      <p className="checkout-note">{paymentMessages.verificationHold}</p>
    </div>
  );
}
