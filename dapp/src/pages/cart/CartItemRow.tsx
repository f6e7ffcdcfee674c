import { Link } from 'react-router';
import { bitcoinSwapNote, checkoutMessages, fill, houseRateMessages, taxMessages, type CartItem } from '@gavel/domain';
import { LotImage } from '../../components/lot-card/LotImage.tsx';
import { formatDateTime } from '../../dates/format-date.ts';
import { lotAmount } from '../../lots/lot-money.ts';

const STATES: Record<CartItem['paymentState'], string> = { awaiting_payment: 'Awaiting payment', processing: 'Processing', paid: 'Paid' };

interface CartItemRowProps {
  item: CartItem;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  /** During final checkout the selection is what is being paid: it cannot change under the payment. */
  locked: boolean;
  /** Pay now for an ADD TO CART lot: asks to confirm first (the cart's summary shows the question). */
  onPayHeld: () => void;
}

/** One lot in the cart: what it is, how it was won, what it costs, and whether it can be paid by card here. */
export function CartItemRow({ item, selected, onSelect, locked, onPayHeld }: CartItemRowProps) {
  const selectable = item.payableByCard && item.paymentState === 'awaiting_payment';
  return (
    <li className={selectable ? 'cart-item cart-item--selectable' : 'cart-item'} data-testid="cart-item" data-lot-id={item.lotId} data-state={item.paymentState}>
      {selectable && (
        <input
          type="checkbox"
          className="cart-item__check"
          checked={selected}
          disabled={locked}
          aria-label={`Pay for ${item.lot.title}`}
          data-testid="cart-item-select"
          onChange={(event) => onSelect(event.target.checked)}
        />
      )}
      <div className="cart-item__image">
        <LotImage url={item.lot.imageUrl ?? undefined} alt="" />
      </div>
      <div className="cart-item__body">
        <Link to={`/auctions/${item.lotId}`} className="cart-item__title">
          {item.lot.title}
        </Link>
        <span className="cart-item__meta">
          {item.source === 'buy_now' ? 'Bought with Buy Now' : 'Won at auction'}
          {item.closedAt && ` · ${formatDateTime(item.closedAt)}`}
        </span>
        {item.invoiceId && (
          <Link to={`/invoices/${item.invoiceId}`} className="cart-item__meta" data-testid="cart-item-invoice">
            Invoice
          </Link>
        )}
        {item.heldUntil && <HeldNote heldUntil={item.heldUntil} locked={locked} onPayHeld={onPayHeld} />}
        {item.payBy && (
          <span className="cart-item__meta" data-testid="cart-item-pay-by">
            Pay by {formatDateTime(item.payBy)}, or the purchase is cancelled and counted as unpaid on your profile.
          </span>
        )}
        {item.payableByCard && item.cardAmount && item.unit !== 'USD' && (
          <span className="cart-item__meta" data-testid="cart-item-card-amount">
            Your card hold could not be charged: pay {lotAmount(item.cardAmount, 'USD')} by card here.
          </span>
        )}
        {item.bitcoinSwap ? (
          <span className="cart-item__meta" data-testid="cart-item-swap">
            {bitcoinSwapNote(item.bitcoinSwap, formatDateTime)}
          </span>
        ) : (
          item.paymentState === 'awaiting_payment' &&
          !item.payableByCard && <span className="cart-item__meta">Paid from your {item.lot.paymentMethod === 'ETH' ? 'Ethereum' : 'Bitcoin'} wallet once wallet payments open.</span>
        )}
      </div>
      <div className="cart-item__side">
        <strong className="cart-item__amount" data-testid="cart-item-amount">
          {lotAmount(item.amount, item.unit)}
        </strong>
        {(item.premium || item.tax) && (
          // The buyer's premium and the tax each on its own line, and what the lot costs in all.
          <>
            {item.premium && (
              <span className="cart-item__meta" data-testid="cart-item-premium">
                {houseRateMessages.premiumLabel}: {lotAmount(item.premium, item.unit)}
              </span>
            )}
            {item.tax && (
              <span className="cart-item__meta" data-testid="cart-item-tax">
                {taxMessages.label}: {lotAmount(item.tax, item.unit)}
              </span>
            )}
            {item.cardAmount && (
              <span className="cart-item__meta" data-testid="cart-item-all-in">
                In all: {lotAmount(item.cardAmount, 'USD')}
              </span>
            )}
          </>
        )}
        <span className={`cart-state cart-state--${item.paymentState}`} data-testid="cart-item-state">
          {item.heldUntil ? 'Card held' : STATES[item.paymentState]}
        </span>
      </div>
    </li>
  );
}

/** ADD TO CART: the card is held for the lot; it is charged at the deadline, or now with Pay now (confirmed first). */
function HeldNote({ heldUntil, locked, onPayHeld }: { heldUntil: string; locked: boolean; onPayHeld: () => void }) {
  return (
    <span className="cart-item__meta" data-testid="cart-item-held">
      {fill(checkoutMessages.heldNote, { time: formatDateTime(heldUntil) })}{' '}
      <button type="button" className="btn btn--accent" disabled={locked} data-testid="cart-item-pay-held" onClick={onPayHeld}>
        Pay now
      </button>
    </span>
  );
}
