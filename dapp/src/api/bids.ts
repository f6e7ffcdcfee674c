/** The spec's bidding calls, each checked against the reply schema the api itself uses. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BIDS_LIST_LIMIT, type bidListSchema, type messageReplySchema, type placeBidReplySchema, type PlaceBidBody } from '@gavel/domain';
import { useSessionToken } from './session-token.ts';
import { apiRequest, type ReplyOf } from './http.ts';
import { queryKeys } from './query-keys.ts';
import { lotChanged } from './lot-cache.ts';

/** The lot page refetches its history with the lot itself (every 10 s) and on every live update. */
const HISTORY_REFETCH_MS = 10_000;

export const bidsApi = {
  place: (lotId: string, body: PlaceBidBody) => apiRequest<ReplyOf<typeof placeBidReplySchema>>(`/auctions/${encodeURIComponent(lotId)}/bids`, { method: 'POST', body }),
  history: (lotId: string, signal?: AbortSignal) => apiRequest<ReplyOf<typeof bidListSchema>>(`/auctions/${encodeURIComponent(lotId)}/bids?limit=${BIDS_LIST_LIMIT}`, { signal }),
  /** The signed-in user's bids with their status: the source of the outbid poll. */
  mine: (signal?: AbortSignal) => apiRequest<ReplyOf<typeof bidListSchema>>(`/auctions/bids/me?limit=${BIDS_LIST_LIMIT}`, { signal }),
  withdraw: (bidId: string) => apiRequest<ReplyOf<typeof messageReplySchema>>(`/auctions/bids/${encodeURIComponent(bidId)}`, { method: 'DELETE' }),
};

/** A lot's bid history, highest first (at most 50), with the viewer's own bids marked. */
export function useBidHistory(lotId: string) {
  const token = useSessionToken();
  return useQuery({
    queryKey: queryKeys.bids.history(lotId, token),
    queryFn: ({ signal }) => bidsApi.history(lotId, signal),
    select: (reply) => reply.data,
    staleTime: HISTORY_REFETCH_MS,
    refetchInterval: HISTORY_REFETCH_MS,
  });
}

/** Withdraw one's own outbid bid on an off-chain lot (the api refuses the leading bid); the lot, its history and My bids follow. */
export function useWithdrawBid(lotId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bidId: string) => bidsApi.withdraw(bidId),
    onSettled: () => {
      lotChanged(queryClient, lotId);
      void queryClient.invalidateQueries({ queryKey: queryKeys.account.follow.list('myBids') });
    },
  });
}
