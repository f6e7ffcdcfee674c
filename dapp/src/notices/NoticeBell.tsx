import { useCallback, useRef, useState, type SVGProps } from 'react';
import { Link } from 'react-router';
import { bidCancelledText, endingSoonText, messages, notificationMessages } from '@gavel/domain';
import { useAppDispatch, useAppSelector } from '../state/store.ts';
import { CloseIcon } from '../components/icons/icons.tsx';
import { useDismiss } from '../components/popover/use-dismiss.ts';
import { clearNotices, dismissNotice, type Notice, type OutbidNotice } from '../state/notices.ts';
import { maximumExceededText, outbidText } from './use-outbid-alerts.ts';
import { timeAgo } from './time-ago.ts';

/** The header's bell: the (at most 5) notices kept, so one missed while away from the screen is still there. */
export function NoticeBell() {
  const notices = useAppSelector((state) => state.notices.items);
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(root, open, close);

  return (
    <div className="notice-bell" ref={root}>
      <button
        type="button"
        className="header__icon-button notice-bell__button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-label={notices.length ? `Notifications (${notices.length})` : 'Notifications'}
        data-testid="notice-bell"
        onClick={() => setOpen((value) => !value)}
      >
        <BellIcon />
        {notices.length > 0 && (
          <span className="count-badge notice-bell__count" data-testid="notice-count">
            {notices.length}
          </span>
        )}
      </button>
      {open && (
        <div className="dropdown-panel notice-bell__panel" data-testid="notice-panel">
          <header className="notice-bell__head">
            <strong>Notifications</strong>
            {notices.length > 0 && (
              <button type="button" className="notice-bell__clear" onClick={() => dispatch(clearNotices())}>
                Clear all
              </button>
            )}
          </header>
          {notices.length === 0 ? (
            <p className="notice-bell__empty">Nothing new. We'll tell you here the moment you are outbid, and when a lot you bid on or watch ends soon.</p>
          ) : (
            <ul className="notice-bell__list">
              {notices.map((notice) => (
                <li key={notice.id} className="notice-bell__item" data-testid="notice-item">
                  <Link to={`/auctions/${notice.auctionId}`} onClick={close}>
                    <strong>{noticeTitle(notice)}</strong>
                    <span>{noticeText(notice)}</span>
                    {notice.kind === 'outbid' && <MaximumExceeded notice={notice} />}
                    <time dateTime={notice.timestamp}>{timeAgo(notice.receivedAt)}</time>
                  </Link>
                  <button type="button" className="notice-bell__dismiss" aria-label="Dismiss notice" onClick={() => dispatch(dismissNotice(notice.id))}>
                    <CloseIcon width={14} height={14} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

function noticeTitle(notice: Notice): string {
  if (notice.kind === 'bid_cancelled') return notificationMessages.bidCancelledTitle;
  return notice.kind === 'outbid' ? messages.bids.outbidTitle : notificationMessages.endingSoonTitle;
}

function noticeText(notice: Notice): string {
  if (notice.kind === 'bid_cancelled') return bidCancelledText(notice);
  return notice.kind === 'outbid' ? outbidText(notice) : endingSoonText(notice);
}

/** The outbid notice's second line when the bid beaten was the bidder's maximum. */
function MaximumExceeded({ notice }: { notice: OutbidNotice }) {
  const exceeded = maximumExceededText(notice);
  return exceeded ? <span data-testid="notice-item-maximum">{exceeded}</span> : null;
}

function BellIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...props}>
      <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15zM10 20.5a2 2 0 0 0 4 0" />
    </svg>
  );
}
