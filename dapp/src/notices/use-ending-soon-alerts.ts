import { useEffect, useRef } from 'react';
import { endingSoonText, notificationMessages } from '@gavel/domain';
import { liveEvents } from '../api/events.ts';
import { useAppDispatch } from '../state/store.ts';
import { showToast } from '../state/toasts.ts';
import { endingSoonReceived } from '../state/notices.ts';
import { useViewingLotId } from './notice-place.ts';

/**
 * Turns `ending_soon` events into a notice kept in the bell (with its link to the lot) and a toast the moment it
 * arrives: "“Lamp” ends in 1 hour." The api tells each lead time once, to the lot's bidders and watchers. On that
 * lot's own page the countdown already says it, and a toast would only push aside the bidder's own "Bid placed"
 * (a first bid in the last hour is told at once): there the notice goes to the bell alone.
 */
export function useEndingSoonAlerts(): void {
  const dispatch = useAppDispatch();
  const viewing = useRef<string | null>(null);
  viewing.current = useViewingLotId();
  useEffect(
    () =>
      liveEvents.listen({
        endingSoon: (notification) => {
          dispatch(endingSoonReceived(notification));
          if (viewing.current === notification.auctionId) return;
          dispatch(showToast({ tone: 'info', title: notificationMessages.endingSoonTitle, description: endingSoonText(notification) }));
        },
      }),
    [dispatch],
  );
}
