import type { Lot } from '@gavel/domain';
import { lotAmount } from '../lots/lot-money.ts';

/** The Buy Now price with the spec's $0 service fee, and the total that is actually charged. */
export function PriceSummary({ lot }: { lot: Pick<Lot, 'title' | 'buyNowPrice' | 'unit'> }) {
  const price = lotAmount(lot.buyNowPrice ?? '0', lot.unit);
  return (
    <dl className="checkout-summary" data-testid="buy-now-summary">
      <div>
        <dt>Lot</dt>
        <dd>{lot.title}</dd>
      </div>
      <div>
        <dt>Buy Now price</dt>
        <dd>{price}</dd>
      </div>
      <div>
        <dt>Service fee</dt>
        <dd>{lotAmount('0', lot.unit)}</dd>
      </div>
      <div className="checkout-summary__total">
        <dt>Total</dt>
        <dd data-testid="buy-now-total">{price}</dd>
      </div>
    </dl>
  );
}
