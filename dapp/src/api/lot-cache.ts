import type { QueryClient } from '@tanstack/react-query';
import type { Lot } from '@gavel/domain';
import { queryKeys } from './query-keys.ts';

/** What an event says about a lot, worked out from the copy in the cache (a placed bid adds one to its count). */
export type LotChange = (lot: Lot) => Partial<Pick<Lot, 'currentBid' | 'bidCount' | 'endTime' | 'status'>>;

interface LotPage {
  data: Lot;
}

interface LotList {
  data: Lot[];
}

/**
 * A lot changed (a bid placed here or elsewhere, a live update, an outbid, a purchase, a settlement step). Every
 * cached copy of it, its page and any browse list showing it, takes what the event says at once; then its page
 * and its bid history are read again for what the event does not carry (reserve met, the sold price, the bids
 * themselves), once per burst of changes. Without a change there is nothing to show early, only the reading again.
 */
export function lotChanged(queryClient: QueryClient, lotId: string, change?: LotChange): void {
  if (change) {
    const isIt = (lot: Lot) => lot._id === lotId;
    const patch = (lot: Lot): Lot => (isIt(lot) ? { ...lot, ...change(lot) } : lot);
    queryClient.setQueriesData<LotPage>({ queryKey: queryKeys.lots.pages }, (old) => (old && isIt(old.data) ? { ...old, data: patch(old.data) } : old));
    queryClient.setQueriesData<LotList>({ queryKey: queryKeys.lots.lists }, (old) => (old?.data.some(isIt) ? { ...old, data: old.data.map(patch) } : old));
  }
  // Marked stale at once (a page opening now reads it afresh); read again once per burst, below.
  void queryClient.invalidateQueries({ queryKey: queryKeys.lots.lot(lotId), refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: queryKeys.bids.ofLot(lotId), refetchType: 'none' });
  rereadSoon(queryClient, lotId);
}

/**
 * One bid arrives as several events (the bidder's own reply, the lot's live update, the outbid notice), and a
 * bidding war as many: reading the lot and its history again on each of them cancelled the request under way and
 * started it over, again and again. The changes of one burst are read together, once, when it has settled.
 */
export const REREAD_AFTER_MS = 250;
const rereads = new WeakMap<QueryClient, Map<string, ReturnType<typeof setTimeout>>>();

function rereadSoon(queryClient: QueryClient, lotId: string): void {
  const timers = rereads.get(queryClient) ?? new Map<string, ReturnType<typeof setTimeout>>();
  rereads.set(queryClient, timers);
  clearTimeout(timers.get(lotId));
  timers.set(
    lotId,
    setTimeout(() => {
      timers.delete(lotId);
      void queryClient.refetchQueries({ queryKey: queryKeys.lots.lot(lotId), type: 'active' });
      void queryClient.refetchQueries({ queryKey: queryKeys.bids.ofLot(lotId), type: 'active' });
    }, REREAD_AFTER_MS),
  );
}
