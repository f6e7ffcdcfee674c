import { Link, useNavigate, useParams } from 'react-router';
import { adminMessages, rateTableText, taxTableText, type RateScheduleWire } from '@gavel/domain';
import { useNotify } from '../../components/toast/use-notify.ts';
import { useDocumentTitle } from '../../pages/use-document-title.ts';
import { adminErrorMessage } from '../common/admin-errors.ts';
import { AdminPager, LoadError, NoRows, PageHead, TableSkeleton } from '../common/states.tsx';
import { LotRows } from '../lots/LotRows.tsx';
import { useAdminLots } from '../lots/lots-api.ts';
import { useAdminEvent, useEventMutations } from './events-api.ts';
import { useState } from 'react';
import { DateTime } from '../../dates/DateTime.tsx';
import { EventSales } from './EventSales.tsx';

/** /s/admin/auctions/:eventId: the event, its publish/edit/delete actions and its lots. */
export function EventDetailPage() {
  const { eventId = '' } = useParams();
  const event = useAdminEvent(eventId);
  const [page, setPage] = useState(1);
  const lots = useAdminLots({ auctionEventId: eventId, page });
  const { publish, remove } = useEventMutations();
  const notify = useNotify();
  const navigate = useNavigate();
  useDocumentTitle(event.data?.title ?? 'Auction event');

  if (event.isPending) return <TableSkeleton rows={8} />;
  if (event.isError) return <LoadError what="this auction event" onRetry={() => void event.refetch()} />;
  const e = event.data;

  const doPublish = () =>
    publish.mutate(eventId, {
      onSuccess: (reply) => notify.success(reply.message, adminMessages.eventPublished),
      onError: (error) => notify.failure(error, adminErrorMessage(error, 'Failed to publish auction event')),
    });
  const doDelete = () => {
    if (!window.confirm(`Delete the auction event "${e.title}" and its lots?`)) return;
    remove.mutate(eventId, {
      onSuccess: (reply) => {
        notify.success(reply.message, adminMessages.eventDeleted);
        void navigate('/s/admin/auctions');
      },
      onError: (error) => notify.failure(error, adminErrorMessage(error, 'Failed to delete auction event')),
    });
  };

  return (
    <section data-testid="admin-event-detail">
      <p>
        <Link to="/s/admin/auctions">&larr; Auctions</Link>
      </p>
      <PageHead title={e.title}>
        <div className="admin-actions">
          {!e.published && (
            <button type="button" className="btn btn--primary" onClick={doPublish} disabled={publish.isPending} data-testid="event-publish">
              Publish event
            </button>
          )}
          <Link to={`/s/admin/auctions/${eventId}/edit`} className="btn btn--ghost" data-testid="event-edit">
            Edit
          </Link>
          <button type="button" className="btn btn--ghost" onClick={doDelete} disabled={remove.isPending} data-testid="event-delete">
            Delete
          </button>
        </div>
      </PageHead>
      <div className="admin-card">
        <dl className="admin-dl">
          <dt>Status</dt>
          <dd data-testid="event-status">{e.published ? e.status : 'draft'}</dd>
          <dt>Runs</dt>
          <dd>
            <DateTime iso={e.startTime} /> – <DateTime iso={e.endTime} />
          </dd>
          <dt>Slug</dt>
          <dd className="mono">{e.slug}</dd>
          <dt>Bidding</dt>
          <dd>{e.whitelistOnly ? 'Whitelisted bidders only' : 'Open to all eligible bidders'}</dd>
          <dt>Buyer’s premium</dt>
          <dd data-testid="event-premium">{rateSummary(e.buyerPremium)}</dd>
          <dt>Seller’s commission</dt>
          <dd data-testid="event-commission">{rateSummary(e.sellerCommission)}</dd>
          <dt>Buyer’s tax</dt>
          <dd data-testid="event-tax">{e.buyerTax?.length ? taxTableText(e.buyerTax).replaceAll('\n', '; ') : 'None'}</dd>
          <dt>Lots</dt>
          <dd>
            {e.allLotCount} ({e.lotCount} published)
          </dd>
        </dl>
      </div>
      <div className="admin-page__head" style={{ marginTop: 'var(--space-5)' }}>
        <h2 className="admin-card__title">Lots</h2>
        <Link to={`/s/admin/auctions/${eventId}/lots/new`} className="btn btn--primary" data-testid="new-lot">
          Add lot
        </Link>
      </div>
      {lots.isPending ? (
        <TableSkeleton />
      ) : lots.isError ? (
        <LoadError what="lots" onRetry={() => void lots.refetch()} />
      ) : lots.data.data.length === 0 ? (
        <NoRows title="No lots yet" description="Add the first lot of this event." />
      ) : (
        <>
          <LotRows lots={lots.data.data} />
          <AdminPager pagination={lots.data.pagination} onPage={setPage} />
        </>
      )}
      {eventId && <EventSales eventId={eventId} />}
    </section>
  );
}

/** "USD: 25% to 1000000.00, 20%; BTC: 10%", or None. */
function rateSummary(schedule: RateScheduleWire | undefined): string {
  const parts = (['USD', 'sats', 'ETH'] as const).filter((unit) => schedule?.[unit]?.length).map((unit) => `${unit === 'sats' ? 'BTC' : unit}: ${rateTableText(schedule?.[unit])}`);
  return parts.length ? parts.join('; ') : 'None';
}
