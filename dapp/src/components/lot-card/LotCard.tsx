import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LOT_OUTCOME_TEXT, lotOutcome, messages, outcomePrice, phaseOf, type Lot } from '@gavel/domain';
import { useLotClock, useLotStatus } from '../../clock/use-lot-clock.ts';
import { lotAmount } from '../../lots/lot-money.ts';
import { stripHtml } from '../../lots/strip-html.ts';
import { eventHref } from '../../lots/event-href.ts';
import { DateTime } from '../../dates/DateTime.tsx';
import { Countdown } from '../lot-status/Countdown.tsx';
import { StatusBadge } from '../lot-status/StatusBadge.tsx';
import { TypeBadge } from '../lot-status/TypeBadge.tsx';
import { LotDetailsTooltip } from './LotDetailsTooltip.tsx';
import { LotImage } from './LotImage.tsx';
import './lot-card.css';

/** `/details/{lotId}?auction={auctionEventId}`: the spec's lot detail address. */
export function lotHref(lot: Pick<Lot, 'lotId' | 'auctionEventId'>): string {
  return `/details/${encodeURIComponent(lot.lotId)}?auction=${encodeURIComponent(lot.auctionEventId)}`;
}

/**
 * One lot in the browse grid. `action`: a control over its picture (the watchlist heart); `eagerImage` for the
 * first cards in view, whose picture is the page's largest paint. The title is the card's one link to the lot, and it
 * stretches over the whole card (CSS), so the picture opens the lot too; the event link, the heart and View Auction
 * sit above it. View Auction is the same link again for the eye and the pointer, hidden from screen readers and from
 * the tab order so the card reads as one link. A lot that offers Buy Now says so, with its price, on its picture.
 */
export function LotCard({ lot, action, eagerImage = false }: { lot: Lot; action?: ReactNode; eagerImage?: boolean }) {
  const status = useLotStatus(lot);
  const phase = phaseOf(status);
  const tooltipId = useId();
  const ended = phase === 'ended' || phase === 'cancelled';
  const ctaLabel = ended ? messages.browse.viewResults : messages.browse.viewAuction;
  const buyNow = !ended && lot.buyNowEnabled && lot.buyNowPrice !== null ? lotAmount(lot.buyNowPrice, lot.unit) : null;

  return (
    <article className="lot-card" data-testid="lot-card" data-lot-id={lot.lotId} aria-describedby={tooltipId}>
      <div className="lot-card__media">
        <LotImage url={lot.imageUrls[0]} alt={lot.title} loading={eagerImage ? 'eager' : 'lazy'} />
        <div className="lot-card__badges">
          <StatusBadge status={status} phase={phase} />
          {buyNow && (
            <span className="lot-card__buy-now" data-testid="lot-buy-now">
              Buy Now {buyNow}
            </span>
          )}
        </div>
        <LotDetailsTooltip lot={lot} id={tooltipId} />
        {action}
      </div>
      <div className="lot-card__body">
        <TypeBadge lot={lot} />
        <h3 className="lot-card__title" data-testid="lot-title">
          <Link to={lotHref(lot)} className="lot-card__link" data-testid="lot-link">
            {lot.title}
          </Link>
        </h3>
        <Link to={eventHref(lot.auction)} className="lot-card__event" data-testid="lot-event">
          {lot.auction.title}
        </Link>
        <p className="lot-card__description" data-testid="lot-description">
          {stripHtml(lot.description)}
        </p>
        <dl className="lot-card__prices">
          <div>
            <dt>Starting bid</dt>
            <dd data-testid="lot-starting-bid">{lotAmount(lot.startingBid, lot.unit)}</dd>
          </div>
          {!ended && lot.currentBid !== null && (
            <div>
              <dt>Current bid</dt>
              <dd data-testid="lot-current-bid">{lotAmount(lot.currentBid, lot.unit)}</dd>
            </div>
          )}
          {!ended && (
            // When it closes, zone named: in a sale whose lots close in turn, each card says its own turn.
            <div>
              <dt>Closes</dt>
              <dd>
                <DateTime iso={lot.endTime} testId="lot-closes" />
              </dd>
            </div>
          )}
          {ended && !lot.resultsHidden && <EndedResult lot={lot} />}
          {lot.resultsHidden && (
            <div>
              <dt>Result</dt>
              <dd data-testid="lot-results-hidden">{messages.browse.logInForResults}</dd>
            </div>
          )}
        </dl>
        <CardCountdown lot={lot} />
        <Link to={lotHref(lot)} className={`btn btn--block ${ended ? 'btn--ghost' : 'btn--primary'} lot-card__cta`} data-testid="lot-cta" aria-hidden="true" tabIndex={-1}>
          {ctaLabel}
        </Link>
      </div>
    </article>
  );
}

/** An ended lot's outcome on its card: what it sold for, or the highest bid and why it did not sell, or No bids placed. */
function EndedResult({ lot }: { lot: Lot }) {
  const price = outcomePrice(lot);
  const outcome = lotOutcome(lot);
  return (
    <>
      {price && (
        <div>
          <dt>{price.label}</dt>
          <dd data-testid="lot-current-bid">{lotAmount(price.amount, lot.unit)}</dd>
        </div>
      )}
      {outcome !== 'sold' && (
        <div>
          <dt>Result</dt>
          <dd data-testid="lot-outcome">{LOT_OUTCOME_TEXT[outcome]}</dd>
        </div>
      )}
    </>
  );
}

/** The one part of a card that changes every second, and so the only part re-rendered as the seconds pass. */
function CardCountdown({ lot }: { lot: Lot }) {
  const clock = useLotClock(lot);
  return <Countdown clock={clock} endTime={lot.endTime} closedAt={lot.closedAt} />;
}
