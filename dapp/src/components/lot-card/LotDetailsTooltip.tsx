import type { Lot } from '@gavel/domain';
import { DateTime } from '../../dates/DateTime.tsx';
import { lotEstimate } from '../../lots/lot-money.ts';
import { PAYMENT_METHOD_LABELS } from '../../lots/lot-type.ts';

/** The card's hover details: the event, how it is paid, the estimate and when it ends. */
export function LotDetailsTooltip({ lot, id }: { lot: Lot; id: string }) {
  return (
    <div id={id} role="tooltip" className="lot-card__tooltip" data-testid="lot-tooltip">
      <dl>
        <div>
          <dt>Lot</dt>
          <dd>#{lot.lotNumber}</dd>
        </div>
        <div>
          <dt>Event</dt>
          <dd>{lot.auction.title}</dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>{PAYMENT_METHOD_LABELS[lot.paymentMethod]}</dd>
        </div>
        <div>
          <dt>Estimate</dt>
          <dd>{lotEstimate(lot)}</dd>
        </div>
        <div>
          <dt>Starts</dt>
          <dd>
            <DateTime iso={lot.startTime} />
          </dd>
        </div>
        <div>
          <dt>Ends</dt>
          <dd>
            <DateTime iso={lot.endTime} />
          </dd>
        </div>
      </dl>
    </div>
  );
}
