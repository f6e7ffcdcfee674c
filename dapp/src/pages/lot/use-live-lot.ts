import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LotStatus } from '@gavel/domain';
import { liveEvents } from '../../api/events.ts';
import { lotChanged } from '../../api/lot-cache.ts';

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
        lotChanged(queryClient, lotId, () => ({ currentBid: update.currentBid, bidCount: update.bidCount, endTime: update.endTime, status: update.status as LotStatus }));
      },
    });
    return () => {
      unlisten();
      unwatch();
    };
  }, [lotId, queryClient]);
}
