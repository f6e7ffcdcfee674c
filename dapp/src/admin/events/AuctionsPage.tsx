import { Link, useSearchParams } from 'react-router';
import { AUCTION_EVENT_STATUSES, PAYMENT_METHODS } from '@gavel/domain';
import { useDocumentTitle } from '../../pages/use-document-title.ts';
import { AdminPager, AdminTable, LoadError, NoRows, PageHead, TableSkeleton } from '../common/states.tsx';
import { LotRows } from '../lots/LotRows.tsx';
import { useAdminLots } from '../lots/lots-api.ts';
import { useAdminEvents } from './events-api.ts';
import { DateTime } from '../../dates/DateTime.tsx';

/** /s/admin/auctions: auction events, or every lot (`?view=lots`), each with its filters and 20 a page. */
export function AuctionsPage() {
  useDocumentTitle('Auctions');
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'lots' ? 'lots' : 'events';
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    if (key === 'view') {
      next.delete('status');
      next.delete('search');
      next.delete('paymentMethod');
      next.delete('published');
    }
    setParams(next);
  };
  return (
    <section data-testid="admin-auctions">
      <PageHead title="Auctions">
        <Link to="/s/admin/auctions/events/new" className="btn btn--primary" data-testid="new-event">
          New auction event
        </Link>
      </PageHead>
      <div className="admin-tabs" role="tablist">
        <button type="button" role="tab" aria-selected={view === 'events'} onClick={() => set('view', '')} data-testid="tab-events">
          Auction events
        </button>
        <button type="button" role="tab" aria-selected={view === 'lots'} onClick={() => set('view', 'lots')} data-testid="tab-lots">
          All lots
        </button>
      </div>
      <div className="admin-filters">
        <input
          type="search"
          key={view}
          placeholder="Search title"
          defaultValue={params.get('search') ?? ''}
          aria-label="Search"
          onKeyDown={(e) => {
            if (e.key === 'Enter') set('search', e.currentTarget.value.trim());
          }}
          data-testid="auctions-search"
        />
        <select value={params.get('status') ?? ''} onChange={(e) => set('status', e.target.value)} aria-label="Status" data-testid="auctions-status">
          <option value="">All statuses</option>
          {(view === 'events' ? AUCTION_EVENT_STATUSES : (['upcoming', 'live', 'ended', 'cancelled'] as const)).map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        {view === 'lots' && (
          <>
            <select value={params.get('paymentMethod') ?? ''} onChange={(e) => set('paymentMethod', e.target.value)} aria-label="Payment method">
              <option value="">All payment methods</option>
              {PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
            <select value={params.get('published') ?? ''} onChange={(e) => set('published', e.target.value)} aria-label="Published">
              <option value="">Drafts and published</option>
              <option value="false">Drafts</option>
              <option value="true">Published</option>
            </select>
          </>
        )}
      </div>
      {view === 'events' ? <EventsTable params={params} onPage={(p) => set('page', String(p))} /> : <LotsTable params={params} onPage={(p) => set('page', String(p))} />}
    </section>
  );
}

function EventsTable({ params, onPage }: { params: URLSearchParams; onPage: (page: number) => void }) {
  const events = useAdminEvents({ status: params.get('status') ?? undefined, search: params.get('search') ?? undefined, page: Number(params.get('page')) || 1 });
  if (events.isPending) return <TableSkeleton />;
  if (events.isError) return <LoadError what="auction events" onRetry={() => void events.refetch()} />;
  if (events.data.data.length === 0) {
    return (
      <NoRows
        title="No auction events"
        description="Create an auction event, then add its lots."
        action={
          <Link to="/s/admin/auctions/events/new" className="btn btn--primary">
            New auction event
          </Link>
        }
      />
    );
  }
  return (
    <>
      <AdminTable
        head={
          <>
            <th>Event</th>
            <th>Status</th>
            <th>Runs</th>
            <th>Lots</th>
          </>
        }
      >
        {events.data.data.map((event) => (
          <tr key={event._id} data-testid="event-row">
            <td>
              <Link to={`/s/admin/auctions/${event._id}`}>{event.title}</Link>
            </td>
            <td>
              <span className="admin-pill">{event.published ? event.status : 'draft'}</span>
            </td>
            <td>
              <DateTime iso={event.startTime} /> – <DateTime iso={event.endTime} />
            </td>
            <td>{event.allLotCount}</td>
          </tr>
        ))}
      </AdminTable>
      <AdminPager pagination={events.data.pagination} onPage={onPage} />
    </>
  );
}

function LotsTable({ params, onPage }: { params: URLSearchParams; onPage: (page: number) => void }) {
  const get = (key: string) => params.get(key) ?? undefined;
  const lots = useAdminLots({ search: get('search'), status: get('status'), paymentMethod: get('paymentMethod'), published: get('published'), page: Number(params.get('page')) || 1 });
  if (lots.isPending) return <TableSkeleton />;
  if (lots.isError) return <LoadError what="lots" onRetry={() => void lots.refetch()} />;
  if (lots.data.data.length === 0) return <NoRows title="No lots found" description="No lot matches these filters." />;
  return (
    <>
      <LotRows lots={lots.data.data} />
      <AdminPager pagination={lots.data.pagination} onPage={onPage} />
    </>
  );
}
