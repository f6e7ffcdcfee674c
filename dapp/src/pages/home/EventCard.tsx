import { Link } from 'react-router';
import type { AuctionEvent } from '@gavel/domain';
import { DateTime } from '../../dates/DateTime.tsx';
import { assetUrl } from '../../lots/asset-url.ts';
import { eventHref } from '../../lots/event-href.ts';

const STATUS_LABELS: Record<AuctionEvent['status'], string> = { draft: 'Draft', upcoming: 'Upcoming', live: 'Live', ended: 'Ended' };

/** An auction event on the home page; it opens the event's page. */
export function EventCard({ event }: { event: AuctionEvent }) {
  return (
    <Link to={eventHref(event)} className="event-card" data-testid="event-card">
      <div className="event-card__cover">
        {event.coverImageUrl && <img src={assetUrl(event.coverImageUrl)} alt="" loading="lazy" />}
        <span className={`status-badge status-badge--${event.status === 'draft' ? 'upcoming' : event.status}`}>{STATUS_LABELS[event.status]}</span>
      </div>
      <div className="event-card__body">
        <h3 className="event-card__title">{event.title}</h3>
        <p className="event-card__dates">
          <DateTime iso={event.startTime} /> – <DateTime iso={event.endTime} />
        </p>
        <p className="event-card__count">
          {event.lotCount} {event.lotCount === 1 ? 'lot' : 'lots'}
        </p>
      </div>
    </Link>
  );
}
