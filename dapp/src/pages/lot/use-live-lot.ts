import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Lot, LotStatus } from '@gavel/domain';
import { liveEvents } from '../../api/events.ts';

interface LotReply {
  data: Lot;
}

/**
 * Live updates of the lot on screen from the event stream: a new price, a moved end or the close show at
 * once; the full lot and its history are then refetched for everything an update does not carry (reserve
 * met, the sold price). The 10 s refetch stays underneath for when the stream is down.
 */
export function useLiveLot(lotId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const unwatch = liveEvents.watchLot(lotId);
    const unlisten = liveEvents.listen({
      lot: (update) => {
        if (update.lotId !== lotId) return;
        queryClient.setQueriesData<LotReply>({ queryKey: ['auctions', 'detail'] }, (old) =>
          old && old.data._id === lotId
            ? { ...old, data: { ...old.data, currentBid: update.currentBid, bidCount: update.bidCount, endTime: update.endTime, status: update.status as LotStatus } }
            : old,
        );
        void queryClient.invalidateQueries({ queryKey: ['auctions', 'detail'] });
        void queryClient.invalidateQueries({ queryKey: ['bids', 'lot', lotId] });
      },
    });
    return () => {
      unlisten();
      unwatch();
    };
  }, [lotId, queryClient]);
}
