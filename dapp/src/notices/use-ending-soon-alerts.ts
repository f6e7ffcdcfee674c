import { useEffect } from 'react';
import { endingSoonText, notificationMessages } from '@gavel/domain';
import { liveEvents } from '../api/events.ts';
import { useAppDispatch } from '../app/store.ts';
import { showToast } from '../state/toasts.ts';
import { endingSoonReceived } from './notices-slice.ts';

/**
 * Turns `ending_soon` events into a notice kept in the bell (with its link to the lot) and a toast the moment it
 * arrives: "“Lamp” ends in 1 hour." The api tells each lead time once, to the lot's bidders and watchers.
 */
export function useEndingSoonAlerts(): void {
  const dispatch = useAppDispatch();
  useEffect(
    () =>
      liveEvents.listen({
        endingSoon: (notification) => {
          dispatch(endingSoonReceived(notification));
          dispatch(showToast({ tone: 'info', title: notificationMessages.endingSoonTitle, description: endingSoonText(notification) }));
        },
      }),
    [dispatch],
  );
}
