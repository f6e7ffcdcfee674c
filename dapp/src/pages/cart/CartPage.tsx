import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paymentMessages, type CartItem } from '@gavel/domain';
import { useCart } from '../../api/checkout.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { GavelIcon } from '../../components/icons/icons.tsx';
import { LoadFailure } from '../../components/empty-state/LoadFailure.tsx';
import { useNotify } from '../../components/toast/use-notify.ts';
import { lotAmount } from '../../lots/lot-money.ts';
import { formatDateTime } from '../../dates/format-date.ts';
import { FinalCheckout } from '../../checkout/FinalCheckout.tsx';
import { StepTrail } from '../../checkout/StepTrail.tsx';
import { useDocumentTitle } from '../use-document-title.ts';
import { CartItemRow } from './CartItemRow.tsx';
import { SecondChanceOffers } from './SecondChanceOffers.tsx';
import { heldSummary, payableItems, selectedTotal } from './cart-selection.ts';
import { PayHeldConfirm, PayHeldReceipt, type HeldReceipt } from './PayHeldStep.tsx';
import '../../checkout/checkout.css';
import './cart.css';

/** While a payment is being taken (a hold captured, a webhook on its way) the cart checks again this often. */
const PROCESSING_POLL_MS = 2_000;
const STEPS = ['cart', 'final-checkout'] as const;

/** /cart (the checkout's cart, then final-checkout): won and Buy Now lots, selected and paid together by card. */
export function CartPage() {
  useDocumentTitle('Cart');
  const [processing, setProcessing] = useState(false);
  const cart = useCart({ refetchInterval: processing ? PROCESSING_POLL_MS : false });
  const [selected, setSelected] = useState<Set<string> | null>(null);
  const [paying, setPaying] = useState(false);
  // Pay now for an ADD TO CART lot: the item being confirmed, then the receipt of its charge.
  const [confirming, setConfirming] = useState<CartItem | null>(null);
  const [receipt, setReceipt] = useState<HeldReceipt | null>(null);
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const items = useMemo(() => cart.data?.items ?? [], [cart.data]);
  const payable = payableItems(items);
  // Every payable lot is ticked until the user changes that.
  const chosen = selected ?? new Set(payable.map((item) => item.lotId));
  const chosenPayable = payable.filter((item) => chosen.has(item.lotId)).map((item) => item.lotId);

  // A card held by ADD TO CART waits (up to its deadline) for Pay now: nothing to poll for meanwhile.
  useEffect(() => setProcessing(items.some((item) => item.paymentState === 'processing' && !item.heldUntil)), [items]);

  // Back from 3D Secure: Stripe says how the check went; the webhook then marks the lots paid.
  const redirect = params.get('redirect_status');
  useEffect(() => {
    if (!redirect) return;
    setParams({}, { replace: true });
    if (redirect === 'succeeded') setProcessing(true);
    else notify.failure(null, paymentMessages.failed);
  }, [redirect, setParams, notify]);

  if (cart.isPending)
    return (
      <div className="page cart-page" aria-busy="true" data-testid="cart-loading">
        <span className="skeleton" style={{ height: 240 }} />
      </div>
    );
  if (cart.isError) {
    return <LoadFailure error={cart.error} testId="cart" errorTitle="Failed to load your cart. Please try again." onRetry={() => void cart.refetch()} />;
  }
  if (items.length === 0) {
    return (
      <div className="page">
        <SecondChanceOffers />
        <EmptyState
          testId="cart-empty"
          icon={<GavelIcon width={26} height={26} />}
          title="Your cart is empty"
          description="Lots you win or buy with Buy Now wait here until they are paid and transferred."
          action={
            <Link to="/auctions" className="btn btn--primary">
              Browse auctions
            </Link>
          }
        />
      </div>
    );
  }

  const held = heldSummary(items);
  const busy = paying || confirming !== null;
  const toggle = (lotId: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(lotId);
    else next.delete(lotId);
    setSelected(next);
  };

  return (
    <div className="page cart-page" data-testid="cart-page">
      <h1 className="page-title">Your cart</h1>
      <StepTrail step={busy ? 'final-checkout' : 'cart'} steps={STEPS} complete={receipt !== null} />
      <SecondChanceOffers />
      <div className="cart-page__layout">
        <ul className="cart-list">
          {items.map((item) => (
            <CartItemRow
              key={item.lotId}
              item={item}
              selected={chosen.has(item.lotId)}
              onSelect={(on) => toggle(item.lotId, on)}
              locked={busy}
              onPayHeld={() => {
                setReceipt(null);
                setConfirming(item);
              }}
            />
          ))}
        </ul>
        <aside className="lot-panel cart-summary" aria-label="Order summary">
          {receipt ? (
            <PayHeldReceipt receipt={receipt} onDone={() => setReceipt(null)} />
          ) : confirming ? (
            <PayHeldConfirm
              item={confirming}
              onBack={() => setConfirming(null)}
              onPaid={(paid) => {
                setConfirming(null);
                setReceipt(paid);
              }}
            />
          ) : paying ? (
            <>
              <h2 className="lot-panel__title">Final checkout</h2>
              <FinalCheckout
                lotIds={chosenPayable}
                onPaid={() => {
                  setPaying(false);
                  setSelected(null);
                  setProcessing(true);
                }}
              />
              <button type="button" className="btn btn--ghost btn--block" onClick={() => setPaying(false)}>
                Back to cart
              </button>
            </>
          ) : (
            <>
              <h2 className="lot-panel__title">Summary</h2>
              <dl className="checkout-summary" data-testid="cart-summary">
                {held && (
                  <div data-testid="cart-held">
                    <dt>Held on your card</dt>
                    <dd>
                      {lotAmount(held.total, 'USD')}
                      <span className="checkout-summary__when">not charged yet · charged by {formatDateTime(held.chargedBy)}</span>
                    </dd>
                  </div>
                )}
                <div>
                  <dt>Selected lots</dt>
                  <dd>{chosenPayable.length}</dd>
                </div>
                <div>
                  <dt>Service fee</dt>
                  <dd data-testid="cart-fee">{lotAmount(cart.data.serviceFee, 'USD')}</dd>
                </div>
                <div className="checkout-summary__total">
                  <dt>To pay at checkout</dt>
                  <dd data-testid="cart-total">{lotAmount(selectedTotal(items, chosen), 'USD')}</dd>
                </div>
              </dl>
              <button type="button" className="btn btn--accent btn--block" disabled={chosenPayable.length === 0} data-testid="cart-checkout" onClick={() => setPaying(true)}>
                Checkout
              </button>
              {payable.length === 0 && (
                <p className="checkout-note" data-testid="cart-note">
                  {held ? 'Nothing more to pay at checkout: a held lot is charged with its Pay now, or automatically by its time.' : 'Nothing is waiting for a card payment.'}
                </p>
              )}
            </>
          )}
        </aside>
      </div>
    </div>
  );
}
