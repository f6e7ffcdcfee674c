import { useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Link, useNavigate } from 'react-router';
import { messages } from '@gavel/domain';
import { useAppDispatch, useAppSelector } from '../state/store.ts';
import { AlertIcon, CloseIcon } from '../components/icons/icons.tsx';
import { closeCard, isOutbid, NOTICE_CARD_MS, type OutbidNotice } from '../state/notices.ts';
import { maximumExceededText, outbidText, shownAmount } from './use-outbid-alerts.ts';
import { increaseBidState } from './increase-bid.ts';
import { noticePlace, useCardRegion, useViewingLotId } from './notice-place.ts';

/**
 * The outbid notices' top-right cards: one per fresh outbid notice, each closing itself 10 s after it arrived. Shown as
 * a popover so it sits in the top layer, above an open bid modal (a bidder mid-checkout most needs to know). Not on
 * the outbid lot's own page, where the inline banner says it (noticePlace): arriving there closes that lot's cards.
 */
export function OutbidCards() {
  const notices = useAppSelector((state) => state.notices.items);
  const dispatch = useAppDispatch();
  const viewingLotId = useViewingLotId();
  useCardRegion();
  // Oldest first, so a new card joins the bottom of the stack instead of pushing the others down.
  const open = useMemo(
    () =>
      notices
        .filter(isOutbid)
        .filter((notice) => notice.cardOpen && noticePlace(notice.auctionId, { viewingLotId, cardsShown: true }) === 'card')
        .reverse(),
    [notices, viewingLotId],
  );
  const region = useRef<HTMLDivElement>(null);
  const offset = useToastOffset();

  useEffect(() => {
    for (const notice of notices) {
      if (notice.cardOpen && notice.auctionId === viewingLotId) dispatch(closeCard(notice.id));
    }
  }, [notices, viewingLotId, dispatch]);

  useEffect(() => {
    const element = region.current;
    if (!element || typeof element.showPopover !== 'function') return;
    if (element.matches(':popover-open')) element.hidePopover();
    if (open.length > 0) element.showPopover();
  }, [open.length]);

  return (
    <div ref={region} className="popover-frame outbid-cards" popover="manual" aria-live="assertive" data-testid="outbid-cards" style={{ '--toast-offset': `${offset}px` } as CSSProperties}>
      {open.map((notice) => (
        <OutbidCard key={notice.id} notice={notice} />
      ))}
    </div>
  );
}

function OutbidCard({ notice }: { notice: OutbidNotice }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const close = () => dispatch(closeCard(notice.id));
  const exceeded = maximumExceededText(notice);

  useEffect(() => {
    const timer = setTimeout(() => dispatch(closeCard(notice.id)), Math.max(0, notice.receivedAt + NOTICE_CARD_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [notice.id, notice.receivedAt, dispatch]);

  return (
    <article className="outbid-card" role="alert" data-testid="outbid-card" data-lot-id={notice.auctionId}>
      <span className="outbid-card__icon">
        <AlertIcon />
      </span>
      <div className="outbid-card__body">
        <h2 className="outbid-card__title">{messages.bids.outbidTitle}</h2>
        <p className="outbid-card__text" data-testid="outbid-card-text">
          {outbidText(notice)}
        </p>
        <p className="outbid-card__mine">Your bid: {shownAmount(notice.userBidAmount, notice.currencyUnit)}</p>
        {exceeded && (
          <p className="outbid-card__mine" data-testid="outbid-card-maximum">
            {exceeded}
          </p>
        )}
        <div className="outbid-card__actions">
          <button
            type="button"
            className="btn btn--accent"
            data-testid="outbid-increase"
            onClick={() => {
              close();
              void navigate(`/auctions/${notice.auctionId}`, { state: increaseBidState() });
            }}
          >
            {messages.bids.increaseBid}
          </button>
          <Link to={`/auctions/${notice.auctionId}`} className="btn btn--ghost" data-testid="outbid-view" onClick={close}>
            {messages.bids.viewAuction}
          </Link>
        </div>
      </div>
      <button type="button" className="outbid-card__close" aria-label="Close notice" onClick={close}>
        <CloseIcon width={16} height={16} />
      </button>
    </article>
  );
}

/** The toast shares the top-right corner: the cards sit just under it while it shows, instead of on top of it. */
function useToastOffset(): number {
  const toast = useAppSelector((state) => state.toasts.current);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const element = toast ? document.querySelector<HTMLElement>('.toast-region .toast') : null;
    if (!element) return setOffset(0);
    const update = () => setOffset(element.getBoundingClientRect().height + 12);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [toast]);
  return offset;
}
