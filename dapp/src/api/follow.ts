/**
 * Following: the watchlist (hearts), and the signed-in user's bids, wins and sales. Each list loads page after
 * page ("Show more") under one query, so a refresh (the event stream, the poll) rereads what is on screen.
 */
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FOLLOW_LIMIT, type MyBidState, type Pagination, type chainLotListSchema, type myBidListSchema, type watchedIdsReplySchema, type watchReplySchema, type wonLotListSchema } from '@gavel/domain';
import { useSessionToken } from './session-token.ts';
import { apiRequest, type ReplyOf } from './http.ts';
import { queryKeys } from './query-keys.ts';

const IDS_STALE_MS = 5 * 60_000;

type LotPage = ReplyOf<typeof chainLotListSchema>;
const page = (offset: number) => `limit=${FOLLOW_LIMIT}&offset=${offset}`;

export const followApi = {
  watchedIds: (signal?: AbortSignal) => apiRequest<ReplyOf<typeof watchedIdsReplySchema>>('/watchlist/ids', { signal }),
  watch: (lotId: string, watched: boolean) => apiRequest<ReplyOf<typeof watchReplySchema>>(`/watchlist/${encodeURIComponent(lotId)}`, { method: watched ? 'PUT' : 'DELETE' }),
  watchlist: (offset: number, signal?: AbortSignal) => apiRequest<LotPage>(`/watchlist?${page(offset)}`, { signal }),
  myBids: (state: MyBidState | null, offset: number, signal?: AbortSignal) => apiRequest<ReplyOf<typeof myBidListSchema>>(`/me/bids?${page(offset)}${state ? `&state=${state}` : ''}`, { signal }),
  won: (offset: number, signal?: AbortSignal) => apiRequest<ReplyOf<typeof wonLotListSchema>>(`/me/won?${page(offset)}`, { signal }),
  sales: (offset: number, signal?: AbortSignal) => apiRequest<LotPage>(`/me/sales?${page(offset)}`, { signal }),
};

/** The ids of the lots the user watches, read once per session (none while signed out). */
export function useWatchedIds() {
  const signedIn = useSessionToken() !== null;
  return useQuery({
    queryKey: queryKeys.account.watchedIds,
    queryFn: ({ signal }) => followApi.watchedIds(signal).then((reply) => reply.data),
    enabled: signedIn,
    staleTime: IDS_STALE_MS,
  });
}

/**
 * Watch or unwatch a lot. The heart turns at once; a refusal turns it back (and says so, through `onError`).
 * The watchlist page is read again afterwards either way.
 */
export function useWatchToggle() {
  const queryClient = useQueryClient();
  const key = queryKeys.account.watchedIds;
  return useMutation({
    mutationFn: ({ lotId, watched }: { lotId: string; watched: boolean }) => followApi.watch(lotId, watched),
    onMutate: async ({ lotId, watched }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<string[]>(key);
      queryClient.setQueryData<string[]>(key, (ids = []) => (watched ? [lotId, ...ids.filter((id) => id !== lotId)] : ids.filter((id) => id !== lotId)));
      return { before };
    },
    onError: (_error, _vars, context) => queryClient.setQueryData(key, context?.before),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: queryKeys.account.follow.list('watchlist') });
    },
  });
}

/** One of the user's lists, page after page. `refetchInterval`: the poll standing in for the event stream. */
function useFollowList<Row>(
  name: 'watchlist' | 'myBids' | 'won' | 'sales',
  read: (offset: number, signal?: AbortSignal) => Promise<{ data: Row[]; pagination: Pagination }>,
  refetchInterval?: number | false,
) {
  return useInfiniteQuery({
    queryKey: queryKeys.account.follow.list(name),
    queryFn: ({ pageParam, signal }) => read(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.pagination.hasMore ? last.pagination.offset + last.pagination.limit : undefined),
    select: (data) => data.pages.flatMap((p) => p.data),
    refetchInterval,
  });
}

export const useWatchlist = () => useFollowList('watchlist', followApi.watchlist);
/**
 * My bids, filtered by state on the api (`null`: all), with how many lots stand in each state (`counts`, over
 * all of them, not the pages loaded). Switching filters keeps the previous list until the new one arrives
 * (`isPlaceholderData`), so the tabs and their counts stay put.
 */
export function useMyBids(state: MyBidState | null, pollMs: number | false) {
  return useInfiniteQuery({
    queryKey: queryKeys.account.follow.myBids(state),
    queryFn: ({ pageParam, signal }) => followApi.myBids(state, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.pagination.hasMore ? last.pagination.offset + last.pagination.limit : undefined),
    select: (data) => ({ rows: data.pages.flatMap((p) => p.data), counts: data.pages[0]?.counts ?? null }),
    placeholderData: keepPreviousData,
    refetchInterval: pollMs,
  });
}
export const useWonLots = () => useFollowList('won', followApi.won);
export const useMySales = () => useFollowList('sales', followApi.sales);
