import { fill, messages, parseAmount, paymentMessages, type CardHoldRateReply, type Lot, type PaymentMethodReply } from '@gavel/domain';
import { useAppDispatch } from '../state/store.ts';
import { CheckIcon } from '../components/icons/icons.tsx';
import { allInOf } from '../lots/all-in.ts';
import { lotAmount } from '../lots/lot-money.ts';
import { changePayment } from '../state/checkout.ts';
import { cardLabel } from '../payment/card-label.ts';
import { cardHoldFor } from '../payment/card-hold.ts';

interface ConfirmBidStepProps {
  lot: Lot;
  amount: string;
  /** A maximum bid's maximum: the card is held for it, and only the price it leads at is ever taken. */
  maximum?: string;
  /** The maximum the bidder leads with now, if any: a new one below it lowers it rather than raising it. */
  leadingMaximum?: string | null;
  method: PaymentMethodReply | undefined;
  /** The card was added in this checkout a moment ago: say it is saved, and that the bid is still to confirm. */
  cardJustSaved: boolean;
  /** BTC lots: the live prices and margin the api holds a card bid at (GET /payment/card-hold-rate; undefined while it loads). */
  holdRate: CardHoldRateReply | undefined;
  /** The country the bidder's profile names: on a taxed USD lot its tax is held with the bid, as the api holds it. */
  country?: string | null;
  onConfirm: () => void;
  pending: boolean;
  /** Why the last attempt failed (the api's words), shown in place. */
  error: string | null;
}

/**
 * The checkout's congratulations step, the only one for a bid on a saved card: the amount, the card, the hold it
 * places; CONFIRM YOUR BID places the bid and its hold. A bid in
 * sats holds its USD value at the live price plus the margin, shown beside it; below $0.50 (or 50 sats), or while
 * there is no fresh BTC price, no hold is even attempted.
 */
export function ConfirmBidStep({ lot, amount, maximum, leadingMaximum = null, method, cardJustSaved, holdRate, country = null, onConfirm, pending, error }: ConfirmBidStepProps) {
  const dispatch = useAppDispatch();
  const { held, refusal } = cardHoldFor(maximum ?? amount, lot, holdRate, country);
  const inSats = lot.unit === 'sats';
  // What the bid comes to with the buyer's premium, when the lot's event charges one.
  const allIn = allInOf(lot, maximum ?? amount, country);
  // A leader's maximum comes with the price they lead at, which it leaves where it is: say so, not "Your bid".
  const keepsPrice = maximum !== undefined && lot.currentBid != null && parseAmount(amount, lot.unit) <= parseAmount(lot.currentBid, lot.unit);
  const lowered = keepsPrice && leadingMaximum !== null && parseAmount(maximum, lot.unit) < parseAmount(leadingMaximum, lot.unit);
  return (
    <div className="checkout-step" data-testid="checkout-step-congratulations">
      {cardJustSaved && (
        <p className="checkout-hero" data-testid="checkout-card-saved">
          <span>
            <CheckIcon />
          </span>{' '}
          {paymentMessages.cardSavedBidNext}
        </p>
      )}
      <dl className="checkout-summary">
        <div>
          <dt>Lot</dt>
          <dd>{lot.title}</dd>
        </div>
        <div>
          <dt>{keepsPrice ? 'Price' : 'Your bid'}</dt>
          <dd data-testid="checkout-bid-amount">{lotAmount(amount, lot.unit)}</dd>
        </div>
        {maximum !== undefined && (
          <div>
            <dt>{keepsPrice ? 'Your new maximum' : 'Your maximum'}</dt>
            <dd data-testid="checkout-maximum">{lotAmount(maximum, lot.unit)}</dd>
          </div>
        )}
        {allIn && (
          <div>
            <dt>All in</dt>
            <dd data-testid="checkout-all-in">{allIn}</dd>
          </div>
        )}
        {(inSats || maximum !== undefined) && (
          <div>
            <dt>Card hold</dt>
            <dd data-testid="checkout-hold-amount">{held ?? '…'}</dd>
          </div>
        )}
        <div>
          <dt>Card</dt>
          <dd data-testid="checkout-card">{cardLabel(method) ?? 'Saved card'}</dd>
        </div>
      </dl>
      {keepsPrice && (
        <p className="checkout-note" data-testid="checkout-price-stays">
          {fill(messages.bids.priceStays, { price: lotAmount(amount, lot.unit) })}{' '}
          {fill(lowered ? messages.bids.maximumLowered : messages.bids.maximumRaised, { maximum: lotAmount(maximum, lot.unit) })}
        </p>
      )}
      <p className="checkout-note">
        Confirming places a hold of {inSats ? (held ?? 'the bid’s USD value') : (held ?? lotAmount(maximum ?? amount, lot.unit))} on your card
        {inSats && holdRate ? ` (the ${maximum === undefined ? 'bid' : 'maximum'}’s USD value at today’s price, plus ${holdRate.marginPercent}% in case the price moves)` : ''}. It is released if you
        are outbid and taken only if you win{maximum === undefined ? '' : ', and then only for the price you win at'}.
      </p>
      {refusal && (
        <p className="form-banner form-banner--error" role="alert" data-testid="checkout-hold-refusal">
          {refusal}
        </p>
      )}
      {error && (
        <p className="form-banner form-banner--error" role="alert" data-testid="checkout-error">
          {error}
        </p>
      )}
      <button type="button" className="btn btn--accent btn--block" disabled={pending || refusal !== null || held === null} data-testid="checkout-confirm" onClick={onConfirm}>
        {pending ? 'Placing your bid…' : 'CONFIRM YOUR BID'}
      </button>
      <button type="button" className="btn btn--ghost btn--block" disabled={pending} onClick={() => dispatch(changePayment())}>
        Change payment method
      </button>
    </div>
  );
}
