import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { displayAmount, fill, messages, parseAmount, type OutbidNotification, type Unit } from '@gavel/domain';
import { liveEvents } from '../api/events.ts';
import { lotChanged } from '../api/lot-cache.ts';
import { queryKeys } from '../api/query-keys.ts';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector, type RootState } from '../state/store.ts';
import { showToast } from '../state/toasts.ts';
import { clearNotices, outbidReceived } from '../state/notices.ts';
import { cardsShown, noticePlace, useViewingLotId } from './notice-place.ts';

/** "You have been outbid on Lot. The current bid is $130.00." (the catalogue's words, the outbid toast). */
export function outbidText(notification: Pick<OutbidNotification, 'auctionTitle' | 'currentBidAmount' | 'currencyUnit'>): string {
  return fill(messages.bids.outbidMessage, { title: notification.auctionTitle, amount: shownAmount(notification.currentBidAmount, notification.currencyUnit) });
}

/**
 * "Your maximum of $40.00 was exceeded": the line under an outbid notice whose bid was a maximum bid. The api sends
 * the maximum only on the bidder's own notice, and only when a higher bid beat it; null otherwise.
 */
export function maximumExceededText(notification: Pick<OutbidNotification, 'maximum' | 'currencyUnit'>): string | null {
  return notification.maximum ? fill(messages.bids.maximumExceeded, { amount: shownAmount(notification.maximum, notification.currencyUnit) }) : null;
}

export function shownAmount(amount: string, unit: Unit): string {
  try {
    return displayAmount(parseAmount(amount, unit), unit);
  } catch {
    return `${amount} ${unit}`;
  }
}

/**
 * Turns outbid events (from the stream, or the poll through the returned `raise`) into the outbid notices, and a
 * won lot into a toast. A notice already known (both paths saw it) raises nothing new; a new one shows in one place
 * (noticePlace): the banner and the card follow the store, the toast is raised here only where neither can show.
 */
export function useOutbidAlerts(): (notification: OutbidNotification) => void {
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  // Read at the moment of raising, not subscribed: a stable `raise` keeps the poll from restarting (and
  // re-baselining) every time a notice arrives.
  const store = useStore<RootState>();
  const signedIn = useAppSelector((state) => state.session.status === 'signedIn');
  const viewingLotId = useViewingLotId();
  const viewing = useRef(viewingLotId);
  useEffect(() => {
    viewing.current = viewingLotId;
  }, [viewingLotId]);

  const raise = useCallback(
    (notification: OutbidNotification) => {
      const fresh = !store.getState().notices.items.some((notice) => notice.id === notification.id);
      dispatch(outbidReceived(notification));
      const place = noticePlace(notification.auctionId, { viewingLotId: viewing.current, cardsShown: cardsShown() });
      if (fresh && place === 'toast') {
        const description = [outbidText(notification), maximumExceededText(notification)].filter(Boolean).join(' ');
        dispatch(showToast({ tone: 'info', title: messages.bids.outbidTitle, description }));
      }
      // The outbid lot's price and history moved; anything showing them should catch up now, not in 10 s.
      lotChanged(queryClient, notification.auctionId);
    },
    [dispatch, store, queryClient],
  );

  useEffect(
    () =>
      liveEvents.listen({
        outbid: raise,
        won: (event) => {
          dispatch(showToast({ tone: 'success', title: `You won ${event.auctionTitle}`, description: `Hammer price ${event.amount}. It is waiting in your cart.` }));
          void queryClient.invalidateQueries({ queryKey: queryKeys.cart.all });
          lotChanged(queryClient, event.auctionId);
        },
      }),
    [raise, dispatch, queryClient],
  );

  useEffect(() => {
    if (!signedIn) dispatch(clearNotices());
  }, [signedIn, dispatch]);

  return raise;
}
