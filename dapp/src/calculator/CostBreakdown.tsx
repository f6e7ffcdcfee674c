import type { CostBreakdown as Cost } from '@gavel/domain';

const usd = (value: number) => `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const btc = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 8 })} BTC`;

/** What the bid comes to: the bid, each fee and the total, in USD (and the total in BTC). */
export function CostBreakdown({ cost }: { cost: Cost }) {
  return (
    <dl className="checkout-summary calculator__breakdown" data-testid="calc-breakdown">
      <div>
        <dt>Bid ({btc(cost.bidBtc)})</dt>
        <dd data-testid="calc-bid-usd">{usd(cost.bidUsd)}</dd>
      </div>
      <div>
        <dt>Network fee</dt>
        <dd data-testid="calc-network-usd">{usd(cost.networkFeeUsd)}</dd>
      </div>
      <div>
        <dt>Platform fee</dt>
        <dd data-testid="calc-platform-usd">{usd(cost.platformFeeUsd)}</dd>
      </div>
      <div className="checkout-summary__total">
        <dt>Total</dt>
        <dd>
          <span data-testid="calc-total-usd">{usd(cost.totalUsd)}</span>
          <small className="calculator__btc"> {btc(cost.totalBtc)}</small>
        </dd>
      </div>
    </dl>
  );
}
