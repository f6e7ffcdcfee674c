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
 * themselves). Without a change there is nothing to show early, only the reading again.
 */
export function lotChanged(queryClient: QueryClient, lotId: string, change?: LotChange): void {
  if (change) {
    const isIt = (lot: Lot) => lot._id === lotId;
    const patch = (lot: Lot): Lot => (isIt(lot) ? { ...lot, ...change(lot) } : lot);
    queryClient.setQueriesData<LotPage>({ queryKey: queryKeys.lots.pages }, (old) => (old && isIt(old.data) ? { ...old, data: patch(old.data) } : old));
    queryClient.setQueriesData<LotList>({ queryKey: queryKeys.lots.lists }, (old) => (old?.data.some(isIt) ? { ...old, data: old.data.map(patch) } : old));
  }
  void queryClient.invalidateQueries({ queryKey: queryKeys.lots.lot(lotId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.bids.ofLot(lotId) });
}
