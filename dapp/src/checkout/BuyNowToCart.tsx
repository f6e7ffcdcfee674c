import { useState } from 'react';
import { Link } from 'react-router';
import { checkoutMessages, type Lot } from '@gavel/domain';
import { CheckIcon } from '../components/icons/icons.tsx';
import { FinalCheckout } from './FinalCheckout.tsx';
import { PriceSummary } from './PriceSummary.tsx';
import { StepTrail } from './StepTrail.tsx';
import { useBuyNow } from './use-buy-now.ts';

const STEPS = ['checkout', 'cart', 'final-checkout'] as const;

/**
 * ADD TO CART: the lot is bought now at its Buy Now price (nobody else can take it meanwhile) and paid later
 * in the cart; from here straight on to final checkout, or back to browsing.
 */
export function BuyNowToCart({ lot, onDone }: { lot: Lot; onDone: () => void }) {
  const buy = useBuyNow(lot._id);
  const [paying, setPaying] = useState(false);
  const [paid, setPaid] = useState(false);
  const step = !buy.isSuccess ? 'checkout' : paying ? 'final-checkout' : 'cart';

  return (
    <div className="checkout-step" data-testid="add-to-cart">
      <StepTrail step={step} steps={STEPS} />
      {step === 'checkout' && (
        <>
          <PriceSummary lot={lot} />
          <p className="checkout-note">
            Adding it to your cart buys this lot at its Buy Now price and ends the auction. Your saved card is held for the price and charged when you pay in the cart (or automatically within 48
            hours); without a saved card, your pay-later bidding limit must cover it.
          </p>
          <button type="button" className="btn btn--accent btn--block" disabled={buy.isPending} data-testid="add-to-cart-confirm" onClick={() => buy.mutate({ paymentMethod: 'Manual' })}>
            {buy.isPending ? 'Adding…' : 'Buy now, pay in cart'}
          </button>
        </>
      )}
      {step === 'cart' && (
        <div className="checkout-step checkout-step--center" data-testid="add-to-cart-done">
          <span className="checkout-success" aria-hidden="true">
            <CheckIcon width={30} height={30} />
          </span>
          <p className="checkout-step__lead">{lot.title} is in your cart.</p>
          <button type="button" className="btn btn--accent btn--block" data-testid="add-to-cart-checkout" onClick={() => setPaying(true)}>
            Checkout now
          </button>
          <Link to="/cart" className="btn btn--ghost btn--block" onClick={onDone}>
            View cart
          </Link>
        </div>
      )}
      {step === 'final-checkout' &&
        (paid ? (
          <div className="checkout-step checkout-step--center" data-testid="final-checkout-paid">
            <span className="checkout-success" aria-hidden="true">
              <CheckIcon width={30} height={30} />
            </span>
            <p className="checkout-step__lead">{checkoutMessages.paid}</p>
            <button type="button" className="btn btn--primary btn--block" onClick={onDone}>
              Done
            </button>
          </div>
        ) : (
          <FinalCheckout lotIds={[lot._id]} onPaid={() => setPaid(true)} />
        ))}
    </div>
  );
}
