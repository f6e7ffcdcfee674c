import { Link } from 'react-router';
import { messages } from '@gavel/domain';
import { useAuctionEvents } from '../../api/auction-events.ts';
import { useLotList } from '../../api/lots.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { ArrowRightIcon } from '../../components/icons/icons.tsx';
import { LotGrid } from '../../components/lot-grid/LotGrid.tsx';
import { WatchButton } from '../../follow/WatchButton.tsx';
import '../../components/lot-status/lot-status.css';
import { useDocumentTitle } from '../use-document-title.ts';
import type { AuctionEvent } from '@gavel/domain';
import { EventCard } from './EventCard.tsx';
import './home.css';

const PREVIEW_LOTS = 4;
const PREVIEW_EVENTS = 3;
/** Enough events to pick the three most relevant (live, then upcoming) from. */
const EVENTS_FETCHED = 12;

/** /: the hero, a preview of live lots and the auction events. */
export function HomePage() {
  useDocumentTitle(undefined);
  const live = useLotList({ status: 'live', limit: PREVIEW_LOTS });
  const events = useAuctionEvents({ limit: EVENTS_FETCHED });

  return (
    <>
      <section className="hero" data-testid="hero">
        <div className="hero__inner">
          <p className="hero__eyebrow">Bitcoin Ordinals · Ethereum NFTs · Rare collectibles</p>
          <h1 className="hero__title">Where rare digital collectibles go under the hammer.</h1>
          <p className="hero__lead">Bid in sats, ETH or dollars, with your card or your wallet. Every lot shows its live countdown, its estimate and how it settles.</p>
          <div className="hero__actions">
            <Link to="/auctions" className="btn btn--accent" data-testid="hero-browse">
              Browse auctions
            </Link>
            <Link to="/sell" className="btn btn--ghost hero__secondary">
              Sell with Gavel
            </Link>
          </div>
        </div>
      </section>

      <div className="page home">
        <section aria-labelledby="home-live" className="home__section" data-testid="home-live">
          <div className="home__section-head">
            <h2 id="home-live" className="home__heading">
              Live now
            </h2>
            <Link to="/auctions?status=live" className="home__more">
              View all <ArrowRightIcon width={16} height={16} />
            </Link>
          </div>
          <LotGrid
            lots={live.data?.data}
            loading={live.isPending}
            skeletons={PREVIEW_LOTS}
            cardAction={(lot) => <WatchButton lot={lot} />}
            fallback={
              live.isError ? (
                <EmptyState
                  tone="error"
                  title={messages.browse.loadFailed}
                  action={
                    <button type="button" className="btn btn--primary" onClick={() => void live.refetch()}>
                      Try again
                    </button>
                  }
                />
              ) : (
                live.data?.data.length === 0 && (
                  <EmptyState
                    title="No live lots right now"
                    description="New lots open for bidding regularly. Browse upcoming lots and recent results meanwhile."
                    action={
                      <Link to="/auctions" className="btn btn--primary">
                        Browse auctions
                      </Link>
                    }
                  />
                )
              )
            }
          />
        </section>

        {events.data && events.data.data.length > 0 && (
          <section aria-labelledby="home-events" className="home__section" data-testid="home-events">
            <div className="home__section-head">
              <h2 id="home-events" className="home__heading">
                Auction events
              </h2>
              <Link to="/auctions" className="home__more">
                All lots <ArrowRightIcon width={16} height={16} />
              </Link>
            </div>
            <div className="home__events">
              {byPhase(events.data.data)
                .slice(0, PREVIEW_EVENTS)
                .map((event) => (
                  <EventCard key={event._id} event={event} />
                ))}
            </div>
          </section>
        )}
      </div>
    </>
  );
}

const PHASE_ORDER: Record<AuctionEvent['status'], number> = { live: 0, upcoming: 1, draft: 2, ended: 3 };

/** What a visitor can still bid on comes first; finished sales go last. */
function byPhase(events: AuctionEvent[]): AuctionEvent[] {
  return [...events].sort((a, b) => PHASE_ORDER[a.status] - PHASE_ORDER[b.status]);
}
