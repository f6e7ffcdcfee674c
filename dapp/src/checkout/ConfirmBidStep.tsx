import { paymentMessages, parseAmount, MIN_CARD_PAYMENT_CENTS, MIN_CARD_PAYMENT_SATS, type Lot, type PaymentMethodReply } from '@gavel/domain';
import { useAppDispatch } from '../app/store.ts';
import { CheckIcon } from '../components/icons/icons.tsx';
import { lotAmount } from '../lots/lot-money.ts';
import { changePayment } from './checkout-slice.ts';
import { cardLabel } from './card-label.ts';

interface ConfirmBidStepProps {
  lot: Lot;
  amount: string;
  method: PaymentMethodReply | undefined;
  onConfirm: () => void;
  pending: boolean;
  /** Why the last attempt failed (the api's words), shown in place. */
  error: string | null;
}

/** Section 5: a card payment is at least $0.50 or 50 sats; below that no hold is even attempted. */
export function cardMinimumMessage(amount: string, lot: Pick<Lot, 'unit'>): string | null {
  try {
    if (lot.unit === 'USD') return parseAmount(amount, 'USD') < BigInt(MIN_CARD_PAYMENT_CENTS) ? paymentMessages.minimumUsd : null;
    if (lot.unit === 'sats') return parseAmount(amount, 'sats') < BigInt(MIN_CARD_PAYMENT_SATS) ? paymentMessages.minimumSats : null;
    return null;
  } catch {
    return paymentMessages.invalidAmount;
  }
}

/** Screen 9's congratulations step: the card is ready; CONFIRM YOUR BID places the bid and its hold. */
export function ConfirmBidStep({ lot, amount, method, onConfirm, pending, error }: ConfirmBidStepProps) {
  const dispatch = useAppDispatch();
  const tooSmall = cardMinimumMessage(amount, lot);
  return (
    <div className="checkout-step" data-testid="checkout-step-congratulations">
      <p className="checkout-hero"><span><CheckIcon /></span> Congratulations! Your card is ready to bid.</p>
      <dl className="checkout-summary">
        <div><dt>Lot</dt><dd>{lot.title}</dd></div>
        <div><dt>Your bid</dt><dd data-testid="checkout-bid-amount">{lotAmount(amount, lot.unit)}</dd></div>
        <div><dt>Card</dt><dd>{cardLabel(method) ?? 'Saved card'}</dd></div>
      </dl>
      <p className="checkout-note">
        Confirming places a hold of {lotAmount(amount, lot.unit)} on your card. It is released if you are outbid and taken only if you win.
      </p>
      {tooSmall && <p className="form-banner form-banner--error" role="alert">{tooSmall}</p>}
      {error && <p className="form-banner form-banner--error" role="alert" data-testid="checkout-error">{error}</p>}
      <button type="button" className="btn btn--accent btn--block" disabled={pending || tooSmall !== null} data-testid="checkout-confirm" onClick={onConfirm}>
        {pending ? 'Placing your bid…' : 'CONFIRM YOUR BID'}
      </button>
      <button type="button" className="btn btn--ghost btn--block" disabled={pending} onClick={() => dispatch(changePayment())}>
        Change payment method
      </button>
    </div>
  );
}
