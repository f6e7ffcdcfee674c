import type { Lot } from '@gavel/domain';
import { lotTypeLabel } from '../../lots/lot-type.ts';
import './lot-status.css';

/** "Bitcoin · On-chain": what kind of lot this is, on cards and the lot page. */
export function TypeBadge({ lot }: { lot: Pick<Lot, 'paymentMethod' | 'auctionType'> }) {
  return (
    <span className="type-badge" data-testid="lot-type" data-payment-method={lot.paymentMethod}>
      {lotTypeLabel(lot)}
    </span>
  );
}
