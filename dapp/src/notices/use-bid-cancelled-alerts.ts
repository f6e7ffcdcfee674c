import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { bidCancelledText, notificationMessages } from '@gavel/domain';
import { liveEvents } from '../api/events.ts';
import { lotChanged } from '../api/lot-cache.ts';
import { queryKeys } from '../api/query-keys.ts';
import { useAppDispatch } from '../state/store.ts';
import { showToast } from '../state/toasts.ts';
import { bidCancelledReceived } from '../state/notices.ts';

/**
 * Turns `bid_cancelled` events (a Buy Now ended a lot the user had bid on) into a notice kept in the bell and a toast:
 * "“Lamp” was bought with Buy Now, so your bid of $120.00 on it was cancelled." (and the card hold released, when
 * there was one). The lot and My bids are read again, so both show the cancelled bid at once.
 */
export function useBidCancelledAlerts(): void {
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      liveEvents.listen({
        bidCancelled: (notification) => {
          dispatch(bidCancelledReceived(notification));
          dispatch(showToast({ tone: 'info', title: notificationMessages.bidCancelledTitle, description: bidCancelledText(notification) }));
          lotChanged(queryClient, notification.auctionId);
          void queryClient.invalidateQueries({ queryKey: queryKeys.account.follow.list('myBids') });
        },
      }),
    [dispatch, queryClient],
  );
}
