import { Link, useNavigate, useParams } from 'react-router';
import { adminMessages, phaseOf, shownStatus, type AdminLot } from '@gavel/domain';
import { ApiRequestError } from '../../api/http.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { useNotify } from '../../components/toast/use-notify.ts';
import { assetUrl } from '../../lots/asset-url.ts';
import { useDocumentTitle } from '../../pages/use-document-title.ts';
import { SettlementPanel } from '../../settlement/SettlementPanel.tsx';
import { adminErrorMessage } from '../common/admin-errors.ts';
import { LoadError, PageHead, TableSkeleton } from '../common/states.tsx';
import { AdminBids } from './AdminBids.tsx';
import { PaymentMismatches } from './PaymentMismatches.tsx';
import { UnpaidLotPanel } from './UnpaidLotPanel.tsx';
import { LotStatusPill } from './LotRows.tsx';
import { useAdminLot, useLotMutations } from './lots-api.ts';
import { OnChainLotPanel } from '../../admin-chain/OnChainLotPanel.tsx';
import { BitcoinLotPanel } from './BitcoinLotPanel.tsx';
import { DateTime } from '../../dates/DateTime.tsx';

/** /s/admin/auctions/:eventId/lots/:lotId: the lot as an admin sees it, its actions, settlement and bids. */
export function AdminLotDetailPage() {
  const { eventId = '', lotId = '' } = useParams();
  const lot = useAdminLot(lotId);
  useDocumentTitle(lot.data?.title ?? 'Lot');
  if (lot.isPending) return <TableSkeleton rows={10} testId="admin-lot-loading" />;
  if (lot.isError) {
    if (lot.error instanceof ApiRequestError && lot.error.status === 404) {
      return (
        <EmptyState
          testId="admin-lot-not-found"
          tone="error"
          title={adminMessages.auctionNotFound}
          action={
            <Link to={`/s/admin/auctions/${eventId}`} className="btn btn--primary">
              Back to the event
            </Link>
          }
        />
      );
    }
    return <LoadError what="this lot" onRetry={() => void lot.refetch()} />;
  }
  return <LotView lot={lot.data} />;
}

function LotView({ lot }: { lot: AdminLot }) {
  const { publish, end, cancel, remove } = useLotMutations();
  const notify = useNotify();
  const navigate = useNavigate();
  const phase = phaseOf(shownStatus(lot));
  const base = `/s/admin/auctions/${lot.auctionEventId}`;

  const run = (mutation: typeof publish, success: string, failure: string, confirmText?: string) => () => {
    if (confirmText && !window.confirm(confirmText)) return;
    mutation.mutate(lot._id, {
      onSuccess: (reply) => notify.success(reply.message, success),
      onError: (error) => notify.failure(error, adminErrorMessage(error, failure)),
    });
  };
  const doDelete = () => {
    if (!window.confirm(`Delete "${lot.title}"?`)) return;
    remove.mutate(lot._id, {
      onSuccess: (reply) => {
        notify.success(reply.message, adminMessages.lotDeleted);
        void navigate(base);
      },
      onError: (error) => notify.failure(error, adminErrorMessage(error, 'Failed to delete auction lot')),
    });
  };
  const busy = publish.isPending || end.isPending || cancel.isPending || remove.isPending;

  return (
    <section data-testid="admin-lot-detail">
      <p>
        <Link to={base}>&larr; {lot.auction.title}</Link>
      </p>
      <PageHead title={lot.title}>
        <div className="admin-actions">
          <Link to={`${base}/lots/${lot._id}/edit`} className="btn btn--ghost" data-testid="lot-edit">
            Edit
          </Link>
          {!lot.published && (
            <button type="button" className="btn btn--primary" disabled={busy} data-testid="lot-publish" onClick={run(publish, adminMessages.lotPublished, 'Failed to publish auction lot')}>
              Publish
            </button>
          )}
          {phase === 'live' && (
            <button
              type="button"
              className="btn btn--ghost"
              disabled={busy}
              data-testid="lot-end"
              onClick={run(end, adminMessages.lotEnded, 'Failed to end auction', `End "${lot.title}" now? The highest bid wins.`)}
            >
              End now
            </button>
          )}
          {(phase === 'live' || phase === 'upcoming') && (
            <button
              type="button"
              className="btn btn--ghost"
              disabled={busy}
              data-testid="lot-cancel-auction"
              onClick={run(cancel, adminMessages.lotCancelled, 'Failed to cancel auction', `Cancel "${lot.title}"? Its bids are released.`)}
            >
              Cancel auction
            </button>
          )}
          {lot.bidCount === 0 && (
            <button type="button" className="btn btn--ghost" disabled={busy} onClick={doDelete} data-testid="lot-delete">
              Delete
            </button>
          )}
        </div>
      </PageHead>
      <div className="admin-lot">
        <div className="admin-card">
          <dl className="admin-dl">
            <dt>Status</dt>
            <dd>
              <LotStatusPill lot={lot} />
            </dd>
            <dt>Lot number</dt>
            <dd>{lot.lotNumber}</dd>
            <dt>Payment method</dt>
            <dd>
              {lot.paymentMethod} ({lot.auctionType})
            </dd>
            <dt>Starting bid</dt>
            <dd data-testid="admin-lot-starting-bid">
              {lot.startingBid} {lot.unit}
            </dd>
            <dt>Current bid</dt>
            <dd>
              {lot.currentBid ? `${lot.currentBid} ${lot.unit}` : 'No bids'} ({lot.bidCount} bids)
            </dd>
            <dt>Reserve</dt>
            <dd>{lot.reservePrice ? `${lot.reservePrice} ${lot.unit}${lot.reserveMet ? ' (met)' : ''}` : 'None'}</dd>
            <dt>Buy Now</dt>
            <dd>{lot.buyNowEnabled && lot.buyNowPrice ? `${lot.buyNowPrice} ${lot.unit}` : 'Off'}</dd>
            <dt>Estimate</dt>
            <dd>{lot.estimateLow || lot.estimateHigh ? `${lot.estimateLow ?? '?'} – ${lot.estimateHigh ?? '?'} ${lot.unit}` : 'Upon Request'}</dd>
            <dt>Starts</dt>
            <dd data-testid="admin-lot-start">
              <DateTime iso={lot.startTime} />
            </dd>
            <dt>Ends</dt>
            <dd data-testid="admin-lot-end">
              <DateTime iso={lot.endTime} />
            </dd>
            <dt>Extension</dt>
            <dd>{lot.extensionMinutes} minutes</dd>
            <dt>Public page</dt>
            <dd>{lot.published ? <Link to={`/details/${lot._id}`}>View on the site</Link> : 'Draft (not public yet)'}</dd>
          </dl>
        </div>
        {lot.imageUrls.length > 0 && (
          <div className="admin-card">
            <h2 className="admin-card__title">Images</h2>
            <div className="images-field__list">
              {lot.imageUrls.map((url, index) => (
                <img key={url} src={assetUrl(url)} alt={`${lot.title}, ${index + 1} of ${lot.imageUrls.length}`} className="admin-lot__image" data-testid="admin-lot-image" />
              ))}
            </div>
          </div>
        )}
      </div>
      <OnChainLotPanel lot={lot} />
      <BitcoinLotPanel lot={lot} />
      {lot.settlement.state !== 'open' && (
        <div style={{ marginTop: 'var(--space-4)' }}>
          <SettlementPanel lot={lot} isAdmin />
        </div>
      )}
      <UnpaidLotPanel lot={lot} />
      <PaymentMismatches mismatches={lot.paymentMismatches} />
      <AdminBids lotId={lot._id} />
    </section>
  );
}
