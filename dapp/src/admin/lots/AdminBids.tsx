import type { BidStatus } from '@gavel/domain';
import { useAdminBids } from './lots-api.ts';
import { AdminTable, LoadError, TableSkeleton } from '../common/states.tsx';
import { DateTime } from '../../dates/DateTime.tsx';

/** Each status as the list shows it: a replaced bid was its bidder's own, superseded by their changed maximum. */
const STATUS_TEXT: Record<BidStatus, string> = {
  active: 'Active',
  outbid: 'Outbid',
  withdrawn: 'Withdrawn',
  cancelled: 'Cancelled',
  removed: 'Removed',
  replaced: 'Maximum changed',
};

/** The admin bid view (GET /auctions/:id/bids/admin): every bid with its bidder, newest first. */
export function AdminBids({ lotId }: { lotId: string }) {
  const bids = useAdminBids(lotId);
  return (
    <div className="admin-card" style={{ marginTop: 'var(--space-4)' }} data-testid="admin-bids">
      <h2 className="admin-card__title">Bids</h2>
      {bids.isPending ? (
        <TableSkeleton rows={3} />
      ) : bids.isError ? (
        <LoadError what="bids" onRetry={() => void bids.refetch()} />
      ) : bids.data.data.length === 0 ? (
        <p data-testid="admin-bids-empty">No bids yet.</p>
      ) : (
        <AdminTable
          head={
            <>
              <th>Amount</th>
              <th>Maximum</th>
              <th>Bidder</th>
              <th>Wallet</th>
              <th>Status</th>
              <th>Placed</th>
            </>
          }
        >
          {bids.data.data.map((bid) => (
            <tr key={bid.id} data-testid="admin-bid-row">
              <td>
                {bid.amount} {bid.unit}
                {bid.isWinning ? ' (winning)' : ''}
              </td>
              {/* A maximum bid's maximum: private to its bidder and to admins, so only this list shows it. */}
              <td>{bid.maximum ? `${bid.maximum} ${bid.unit}` : ''}</td>
              <td>{bid.bidder.name ?? bid.bidder.email ?? '-'}</td>
              <td className="mono">{bid.walletAddress ?? '-'}</td>
              <td>
                {STATUS_TEXT[bid.status]}
                {bid.withdrawalStatus ? ` / ${bid.withdrawalStatus}` : ''}
              </td>
              <td>
                <DateTime iso={bid.createdAt} />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </div>
  );
}
