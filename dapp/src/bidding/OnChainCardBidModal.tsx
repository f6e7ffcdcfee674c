import { useState } from 'react';
import { Link } from 'react-router';
import { CARD_PAYMENT_MARKER, messages, type Lot, type PlaceBidReply } from '@gavel/domain';
import { useCardHoldRate, usePaymentMethod } from '../api/payments.ts';
import { serverMessage } from '../api/http.ts';
import { Modal } from '../components/modal/Modal.tsx';
import { cardIsReady, cardLabel } from '../payment/card-label.ts';
import { cardHoldFor } from '../payment/card-hold.ts';
import { lotAmount } from '../lots/lot-money.ts';
import { usePlaceBid } from './use-place-bid.ts';

interface OnChainCardBidModalProps {
  lot: Lot;
  /** The amount typed on the lot page; null keeps the modal closed. */
  amount: string | null;
  /** The bidder's maximum, if they set one: the card is held for it, and the relayer bids each step up to it. */
  maximum?: string | undefined;
  onClose: () => void;
}

/**
 * The on-chain card bid modal: for a bidder without an Ethereum wallet, a payment step (the saved,
 * verified card is authorised for this bid) and a confirmation step, showing the hold: the bid's USD value at the
 * live ETH price plus the margin (GET /payment/card-hold-rate). The api holds the card for it and its relayer
 * places the bid on chain for the bidder (walletAddress card_payment). Back to Payment
 * returns to the first step and clears the authorisation, so nothing is placed until it is given again.
 *
 * With a maximum (a wallet's bid on chain cannot carry one, so a wallet bidder setting one comes here too), the
 * card is held for the maximum's value; the relayer bids the amount, then answers each outbid with the next step up
 * to the maximum, which nobody else ever sees.
 */
export function OnChainCardBidModal({ lot, amount, maximum, onClose }: OnChainCardBidModalProps) {
  const method = usePaymentMethod(false).data;
  const placeBid = usePlaceBid(lot);
  const holdRate = useCardHoldRate(amount !== null).data;
  const hold = amount === null ? null : cardHoldFor(maximum ?? amount, lot, holdRate);
  const [authorized, setAuthorized] = useState(false);
  const [placed, setPlaced] = useState<PlaceBidReply | null>(null);
  const close = () => {
    setAuthorized(false);
    setPlaced(null);
    placeBid.reset();
    onClose();
  };
  const ready = cardIsReady(method);
  const what = maximum === undefined ? 'bid' : 'maximum';

  return (
    <Modal open={amount !== null} title={placed ? 'Bid placed' : authorized ? 'Confirm your bid' : 'Payment'} onClose={close} testId="onchain-card-bid">
      {amount !== null && placed && (
        <div className="checkout-step" data-testid="onchain-card-bid-placed">
          <p>{placed.message || messages.bids.placed} Gavel places it on chain for you; it shows on the lot once mined.</p>
          <button type="button" className="btn btn--primary btn--block" onClick={close}>
            Done
          </button>
        </div>
      )}
      {amount !== null && !placed && !authorized && (
        <div className="checkout-step" data-testid="onchain-card-bid-payment">
          <p>
            {maximum === undefined
              ? 'This lot is an auction on chain. Without an Ethereum wallet, you can bid by card: Gavel holds your card for the bid and places it on chain for you.'
              : 'This lot is an auction on chain. A maximum is bid by card: Gavel holds your card for your maximum and bids on chain for you, one step at a time, up to it.'}
          </p>
          {ready ? (
            <>
              <dl className="checkout-summary">
                <div>
                  <dt>Your bid</dt>
                  <dd>{lotAmount(amount, lot.unit)}</dd>
                </div>
                {maximum !== undefined && <MaximumRow maximum={maximum} lot={lot} />}
                <div>
                  <dt>Card</dt>
                  <dd data-testid="onchain-card-label">{cardLabel(method) ?? 'Saved card'}</dd>
                </div>
              </dl>
              <button type="button" className="btn btn--accent btn--block" data-testid="onchain-card-authorize" onClick={() => setAuthorized(true)}>
                USE THIS CARD
              </button>
            </>
          ) : (
            <p className="form-banner form-banner--error" role="alert">
              A verified card is needed. <Link to="/payment-details">Add a payment method</Link>
            </p>
          )}
        </div>
      )}
      {amount !== null && !placed && authorized && (
        <div className="checkout-step" data-testid="onchain-card-bid-confirm">
          <dl className="checkout-summary">
            <div>
              <dt>Lot</dt>
              <dd>{lot.title}</dd>
            </div>
            <div>
              <dt>Your bid</dt>
              <dd>{lotAmount(amount, lot.unit)}</dd>
            </div>
            {maximum !== undefined && <MaximumRow maximum={maximum} lot={lot} />}
            <div>
              <dt>Card hold</dt>
              <dd data-testid="onchain-card-hold">{hold?.held ?? '…'}</dd>
            </div>
            <div>
              <dt>Card</dt>
              <dd>{cardLabel(method) ?? 'Saved card'}</dd>
            </div>
          </dl>
          <p className="checkout-note">
            Confirming holds {hold?.held ?? `the ${what}’s USD value`} on your card
            {holdRate ? ` (the ${what}’s USD value at today’s price, plus ${holdRate.marginPercent}% in case the price moves)` : ''}: released if you are outbid, taken only if you win
            {maximum === undefined ? '' : ', and then only for the winning bid'}.
          </p>
          {hold?.refusal && (
            <p className="form-banner form-banner--error" role="alert" data-testid="onchain-card-hold-refusal">
              {hold.refusal}
            </p>
          )}
          {placeBid.isError && (
            <p className="form-banner form-banner--error" role="alert" data-testid="onchain-card-error">
              {serverMessage(placeBid.error) ?? messages.bids.failed}
            </p>
          )}
          <button
            type="button"
            className="btn btn--accent btn--block"
            disabled={placeBid.isPending || !hold?.held || hold.refusal !== null}
            data-testid="onchain-card-confirm"
            onClick={() => placeBid.mutate({ amount, walletAddress: CARD_PAYMENT_MARKER, ...(maximum !== undefined && { maximum }) }, { onSuccess: setPlaced })}
          >
            {placeBid.isPending ? 'Placing your bid…' : 'CONFIRM YOUR BID'}
          </button>
          <button
            type="button"
            className="btn btn--ghost btn--block"
            disabled={placeBid.isPending}
            data-testid="onchain-card-back"
            onClick={() => {
              setAuthorized(false);
              placeBid.reset();
            }}
          >
            Back to Payment
          </button>
        </div>
      )}
    </Modal>
  );
}

/** The bidder's own maximum, shown to them alone. */
function MaximumRow({ maximum, lot }: { maximum: string; lot: Pick<Lot, 'unit'> }) {
  return (
    <div>
      <dt>Your maximum</dt>
      <dd data-testid="onchain-card-maximum">{lotAmount(maximum, lot.unit)}</dd>
    </div>
  );
}
