import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { liveEvents } from '../api/events.ts';
import { queryKeys } from '../api/query-keys.ts';
import { useLiveStream, useStreamDown } from '../notices/use-live-stream.ts';

/** The spec's wallet-bids poll runs every 3 s: My bids falls back to it while the event stream is down. */
export const MY_BIDS_POLL_MS = 3_000;

/** How often My bids is read again: never while the event stream keeps it current, every 3 s while it is down. */
export function useMyBidsPoll(): number | false {
  return useStreamDown(useLiveStream()) ? MY_BIDS_POLL_MS : false;
}

/**
 * Keeps My bids current from the event stream: an outbid, a win, or a change to one of the open lots on screen
 * (a new price, the close) reads the list again.
 */
export function useMyBidsLive(openLotIds: readonly string[]): void {
  const queryClient = useQueryClient();
  const watched = openLotIds.join(',');

  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.account.follow.list('myBids') });
    const ids = new Set(watched.split(','));
    return liveEvents.listen({ outbid: refresh, won: refresh, lot: (update) => ids.has(update.lotId) && refresh() });
  }, [queryClient, watched]);

  useEffect(() => {
    if (!watched) return;
    const stops = watched.split(',').map((lotId) => liveEvents.watchLot(lotId));
    return () => {
      for (const stop of stops) stop();
    };
  }, [watched]);
}
