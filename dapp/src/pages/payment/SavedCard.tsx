import type { PaymentMethodReply } from '@gavel/domain';
import { CardIcon } from '../../components/icons/icons.tsx';
import { brandName } from '../../payment/card-input.ts';

const statusLabels = { verified: 'Verified', pending: 'Verifying', failed: 'Not verified', none: '' } as const;
const chipTone = { verified: 'done', pending: 'pending', failed: 'rejected', none: 'todo' } as const;

/** The saved card as the spec shows it: brand and the last four digits (•••• 4242), with its verification. */
export function SavedCard({ method }: { method: PaymentMethodReply }) {
  return (
    <div className="saved-card" data-testid="saved-card" data-status={method.status}>
      <span className="saved-card__icon">
        <CardIcon width={26} height={26} />
      </span>
      <div className="saved-card__text">
        <span className="saved-card__number" data-testid="saved-card-number">
          {brandName(method.brand)} <span aria-hidden="true">••••</span>
          <span className="visually-hidden">ending in</span> {method.last4}
        </span>
        {method.status === 'failed' && method.error && <span className="saved-card__error">{method.error}</span>}
      </div>
      <span className={`status-chip status-chip--${chipTone[method.status]}`} data-testid="saved-card-status">
        {statusLabels[method.status]}
      </span>
    </div>
  );
}
