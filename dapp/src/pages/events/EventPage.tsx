import { Link, useParams } from 'react-router';
import { closeInTurnMessages, intervalText, type AuctionEvent } from '@gavel/domain';
import { useAuctionEventBySlug } from '../../api/auction-events.ts';
import { RichText } from '../../content/RichText.tsx';
import { LoadFailure } from '../../components/empty-state/LoadFailure.tsx';
import { LotGrid } from '../../components/lot-grid/LotGrid.tsx';
import '../../components/lot-status/lot-status.css';
import { DateTime } from '../../dates/DateTime.tsx';
import { BrowseGrid } from '../auctions/BrowseGrid.tsx';
import { useDocumentTitle } from '../use-document-title.ts';
import './event-page.css';

const STATUS_LABELS: Record<AuctionEvent['status'], string> = { draft: 'Draft', upcoming: 'Upcoming', live: 'Live', ended: 'Ended' };

/** /auction-events/:slug: one sale's title, description, dates and state, above the grid of its lots. */
export function EventPage() {
  const { slug } = useParams();
  const event = useAuctionEventBySlug(slug);
  useDocumentTitle(event.data?.title ?? (event.isError ? 'Auction event not found' : undefined));

  if (event.isPending) {
    return (
      <div className="page" data-testid="event-loading" aria-busy="true">
        <div className="event-page__head">
          <span className="skeleton skeleton--title" style={{ width: '45%' }} />
          <span className="skeleton skeleton--line" style={{ width: '30%' }} />
          <span className="skeleton skeleton--line" style={{ width: '70%' }} />
        </div>
        <LotGrid lots={undefined} loading />
      </div>
    );
  }
  if (event.isError) {
    return (
      <LoadFailure
        error={event.error}
        testId="event"
        notFound={{ title: 'Auction event not found', description: 'This sale does not exist, or is not open to view yet.' }}
        errorTitle="The auction event could not be loaded."
        onRetry={() => void event.refetch()}
      />
    );
  }

  const { data } = event;
  return (
    <div className="page" data-testid="event-page">
      <nav className="event-page__crumbs" aria-label="Breadcrumb">
        <Link to="/auctions">Auctions</Link>
      </nav>
      <header className="event-page__head">
        <div className="event-page__title-row">
          <h1 className="page-title" data-testid="event-title">
            {data.title}
          </h1>
          <span className={`status-badge status-badge--${data.status === 'draft' ? 'upcoming' : data.status}`} data-testid="event-status">
            {STATUS_LABELS[data.status]}
          </span>
        </div>
        <p className="event-page__dates" data-testid="event-dates">
          <DateTime iso={data.startTime} />
          {' – '}
          <DateTime iso={data.endTime} />
          {' · '}
          {data.lotCount} {data.lotCount === 1 ? 'lot' : 'lots'}
        </p>
        {data.firstCloseAt && data.closeIntervalSeconds && (
          <p className="event-page__dates" data-testid="event-turns">
            {closeInTurnMessages.summary.replace('{interval}', intervalText(data.closeIntervalSeconds))} <DateTime iso={data.firstCloseAt} testId="event-first-close" />
          </p>
        )}
        {data.description && <RichText html={data.description} className="event-page__description" testId="event-description" />}
      </header>
      <BrowseGrid eventId={data._id} />
    </div>
  );
}
