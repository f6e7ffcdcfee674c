import { formatAmount, type PaymentMismatch } from '@gavel/domain';
import { DateTime } from '../../dates/DateTime.tsx';
import { AdminTable } from '../common/states.tsx';

/** Cents of usd in dollars; any other currency as Stripe counts it, in its smallest unit. */
function money(amount: string | null, currency: string | null): string {
  if (amount === null || currency === null) return 'unknown';
  if (currency.toLowerCase() === 'usd') return `${formatAmount(BigInt(amount), 'USD')} USD`;
  return `${amount} (smallest unit) ${currency.toUpperCase()}`;
}

/**
 * Card payments for this lot that took another amount or currency than owed: they paid nothing, so the
 * admin settling the lot sees them before marking it paid or refunding.
 */
export function PaymentMismatches({ mismatches }: { mismatches: PaymentMismatch[] | undefined }) {
  if (!mismatches?.length) return null;
  return (
    <div className="admin-card" style={{ marginTop: 'var(--space-4)' }} data-testid="admin-payment-mismatches">
      <h2 className="admin-card__title">Payment mismatch</h2>
      <p className="form-banner form-banner--error" role="alert">
        A card payment for this lot took another amount or currency than was owed. It did not mark the lot paid: check it in Stripe before settling.
      </p>
      <AdminTable
        head={
          <>
            <th>Payment intent</th>
            <th>For</th>
            <th>Owed</th>
            <th>Received</th>
            <th>Reported by</th>
            <th>When</th>
          </>
        }
      >
        {mismatches.map((m) => (
          <tr key={`${m.paymentIntentId}-${m.source}-${m.createdAt}`} data-testid="admin-payment-mismatch">
            <td className="mono">{m.paymentIntentId}</td>
            <td>{m.purpose.replace('_', ' ')}</td>
            <td>{money(m.owed.amount, m.owed.currency)}</td>
            <td>{money(m.received.amount, m.received.currency)}</td>
            <td>{m.source === 'stripe' ? 'Stripe' : 'a webhook'}</td>
            <td>
              <DateTime iso={m.createdAt} />
            </td>
          </tr>
        ))}
      </AdminTable>
    </div>
  );
}
