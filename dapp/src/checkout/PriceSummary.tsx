import { formatAmount, headlineRate, houseRateMessages, parseAmount, rateCharge, taxMessages, type Lot } from '@gavel/domain';
import { premiumOf } from '../lots/all-in.ts';
import { lotAmount } from '../lots/lot-money.ts';

/**
 * The Buy Now price with the spec's $0 service fee, the buyer's premium on its own line when the lot's event charges
 * one, the buyer's tax on its own line once the api has priced the card payment (`tax`: it depends on the buyer's
 * country), and the total that is actually charged.
 */
export function PriceSummary({ lot, tax }: { lot: Pick<Lot, 'title' | 'buyNowPrice' | 'unit' | 'buyerPremium'>; tax?: string | undefined }) {
  const price = lotAmount(lot.buyNowPrice ?? '0', lot.unit);
  const table = premiumOf(lot);
  let premium = 0n;
  let total = price;
  try {
    const hammer = parseAmount(lot.buyNowPrice ?? '0', lot.unit);
    premium = rateCharge(hammer, table);
    const taxed = tax ? parseAmount(tax, lot.unit) : 0n;
    total = lotAmount(formatAmount(hammer + premium + taxed, lot.unit), lot.unit);
  } catch {
    // A malformed price is shown as it came (lotAmount), with no premium worked out on it.
  }
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
      {premium > 0n && (
        <div>
          <dt>
            {houseRateMessages.premiumLabel} ({headlineRate(table)})
          </dt>
          <dd data-testid="buy-now-premium">{lotAmount(formatAmount(premium, lot.unit), lot.unit)}</dd>
        </div>
      )}
      {tax && (
        <div>
          <dt>{taxMessages.label}</dt>
          <dd data-testid="buy-now-tax">{lotAmount(tax, lot.unit)}</dd>
        </div>
      )}
      <div>
        <dt>Service fee</dt>
        <dd>{lotAmount('0', lot.unit)}</dd>
      </div>
      <div className="checkout-summary__total">
        <dt>Total</dt>
        <dd data-testid="buy-now-total">{total}</dd>
      </div>
    </dl>
  );
}
