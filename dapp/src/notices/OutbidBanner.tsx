import { messages } from '@gavel/domain';
import { useAppDispatch, useAppSelector } from '../state/store.ts';
import { AlertIcon, CloseIcon } from '../components/icons/icons.tsx';
import { closeBanner, type OutbidNotice } from '../state/notices.ts';
import { maximumExceededText, outbidText, shownAmount } from './use-outbid-alerts.ts';

/**
 * The outbid notice's inline banner, on the outbid lot's own page: it stays until dismissed or until the user bids
 * again, since the price in front of them is the one that beat them.
 */
export function OutbidBanner({ lotId, onIncrease }: { lotId: string; onIncrease?: () => void }) {
  const notice = useAppSelector((state) => state.notices.items.find((item): item is OutbidNotice => item.kind === 'outbid' && item.auctionId === lotId && item.bannerOpen));
  const dispatch = useAppDispatch();
  if (!notice) return null;
  const exceeded = maximumExceededText(notice);
  return (
    <div className="outbid-banner" role="status" data-testid="outbid-banner">
      <AlertIcon className="outbid-banner__icon" />
      <div className="outbid-banner__body">
        <strong>{messages.bids.outbidTitle}</strong>
        <p>
          {outbidText(notice)} Your bid was {shownAmount(notice.userBidAmount, notice.currencyUnit)}.
        </p>
        {exceeded && <p data-testid="outbid-banner-maximum">{exceeded}</p>}
        {onIncrease && (
          <button type="button" className="outbid-banner__action" data-testid="outbid-banner-increase" onClick={onIncrease}>
            {messages.bids.increaseBid}
          </button>
        )}
      </div>
      <button type="button" className="outbid-banner__close" aria-label="Dismiss" onClick={() => dispatch(closeBanner(notice.id))}>
        <CloseIcon width={16} height={16} />
      </button>
    </div>
  );
}
