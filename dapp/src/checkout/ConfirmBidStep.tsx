import type { Lot, PaymentMethodReply } from '@gavel/domain';
import { useAppDispatch } from '../app/store.ts';
import { CheckIcon } from '../components/icons/icons.tsx';
import { lotAmount } from '../lots/lot-money.ts';
import { changePayment } from './checkout-slice.ts';
import { cardLabel } from './card-label.ts';
import { cardHoldFor } from './card-hold.ts';

interface ConfirmBidStepProps {
  lot: Lot;
  amount: string;
  method: PaymentMethodReply | undefined;
  /** BTC lots: the USD price per BTC the api holds a card bid at, in cents (undefined while it loads). */
  btcUsdCents: number | undefined;
  onConfirm: () => void;
  pending: boolean;
  /** Why the last attempt failed (the api's words), shown in place. */
  error: string | null;
}

/**
 * The checkout's congratulations step: the card is ready; CONFIRM YOUR BID places the bid and its hold. A bid in
 * sats holds its USD value, shown beside it; below $0.50 (or 50 sats) no hold is even attempted.
 */
export function ConfirmBidStep({ lot, amount, method, btcUsdCents, onConfirm, pending, error }: ConfirmBidStepProps) {
  const dispatch = useAppDispatch();
  const { held, refusal: tooSmall } = cardHoldFor(amount, lot, btcUsdCents);
  const inSats = lot.unit === 'sats';
  return (
    <div className="checkout-step" data-testid="checkout-step-congratulations">
      <p className="checkout-hero"><span><CheckIcon /></span> Congratulations! Your card is ready to bid.</p>
      <dl className="checkout-summary">
        <div><dt>Lot</dt><dd>{lot.title}</dd></div>
        <div><dt>Your bid</dt><dd data-testid="checkout-bid-amount">{lotAmount(amount, lot.unit)}</dd></div>
        {inSats && <div><dt>Card hold</dt><dd data-testid="checkout-hold-amount">{held ?? '…'}</dd></div>}
        <div><dt>Card</dt><dd>{cardLabel(method) ?? 'Saved card'}</dd></div>
      </dl>
      <p className="checkout-note">
        Confirming places a hold of {inSats ? (held ?? 'the bid’s USD value') : lotAmount(amount, lot.unit)} on your card. It is released if you are outbid and taken only if you win.
      </p>
      {tooSmall && <p className="form-banner form-banner--error" role="alert">{tooSmall}</p>}
      {error && <p className="form-banner form-banner--error" role="alert" data-testid="checkout-error">{error}</p>}
      <button type="button" className="btn btn--accent btn--block" disabled={pending || tooSmall !== null || held === null} data-testid="checkout-confirm" onClick={onConfirm}>
        {pending ? 'Placing your bid…' : 'CONFIRM YOUR BID'}
      </button>
      <button type="button" className="btn btn--ghost btn--block" disabled={pending} onClick={() => dispatch(changePayment())}>
        Change payment method
      </button>
    </div>
  );
}
