import type { CartItem, PayHeldReply } from '@gavel/domain';
import { usePayHeld } from '../../api/checkout.ts';
import { usePaymentMethod } from '../../api/payments.ts';
import { cardLabel } from '../../payment/card-label.ts';
import { formatDateTime } from '../../dates/format-date.ts';
import { lotAmount } from '../../lots/lot-money.ts';

export type HeldReceipt = PayHeldReply['receipts'][number] & { title: string; card: string };

/**
 * Pay now for an ADD TO CART lot, asked before it is done: the amount and the card the hold is on are named, and
 * nothing is charged until the buyer confirms. The charge's receipt is handed back (`onPaid`).
 */
export function PayHeldConfirm({ item, onPaid, onBack }: { item: CartItem; onPaid: (receipt: HeldReceipt) => void; onBack: () => void }) {
  const method = usePaymentMethod(false);
  const pay = usePayHeld();
  const card = cardLabel(method.data) ?? 'your saved card';
  const amount = lotAmount(item.amount, item.unit);
  const confirm = () =>
    pay.mutate(item.lotId, {
      onSuccess: (reply) => {
        const receipt = reply.receipts.find((r) => r.lotId === item.lotId);
        if (receipt) onPaid({ ...receipt, title: item.lot.title, card });
      },
    });
  return (
    <div className="pay-held" data-testid="pay-held-confirm">
      <h2 className="lot-panel__title">Pay now</h2>
      {/* The card is named before anything is asked: no question about "your saved card" that then changes under the buyer's eyes. */}
      {method.isPending ? (
        <p role="status">Checking your saved card…</p>
      ) : (
        <p data-testid="pay-held-question">
          Charge {amount} to {card} now for {item.lot.title}? The hold on your card becomes the payment; nothing else is charged.
        </p>
      )}
      <button type="button" className="btn btn--accent btn--block" disabled={pay.isPending || method.isPending} data-testid="pay-held-confirm-button" onClick={confirm}>
        {pay.isPending ? 'Charging…' : `Charge ${amount}`}
      </button>
      <button type="button" className="btn btn--ghost btn--block" disabled={pay.isPending} onClick={onBack}>
        Back to cart
      </button>
      {pay.isError && (
        <p role="alert" className="form-error">
          {pay.error.message}
        </p>
      )}
    </div>
  );
}

/** What was charged, to which card, when (with its zone) and under which reference. */
export function PayHeldReceipt({ receipt, onDone }: { receipt: HeldReceipt; onDone: () => void }) {
  return (
    <div className="pay-held" data-testid="pay-held-receipt" role="status">
      <h2 className="lot-panel__title">Payment received</h2>
      <dl className="checkout-summary">
        <div>
          <dt>Lot</dt>
          <dd>{receipt.title}</dd>
        </div>
        <div>
          <dt>Charged</dt>
          <dd data-testid="receipt-amount">{lotAmount(receipt.amount, 'USD')}</dd>
        </div>
        <div>
          <dt>Card</dt>
          <dd data-testid="receipt-card">{receipt.card}</dd>
        </div>
        <div>
          <dt>When</dt>
          <dd data-testid="receipt-time">{formatDateTime(receipt.chargedAt)}</dd>
        </div>
        <div>
          <dt>Reference</dt>
          <dd data-testid="receipt-reference">{receipt.reference}</dd>
        </div>
      </dl>
      <button type="button" className="btn btn--ghost btn--block" onClick={onDone}>
        Back to cart
      </button>
    </div>
  );
}
