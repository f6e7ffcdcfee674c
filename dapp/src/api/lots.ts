import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BROWSE_LIMIT, type LotSort, type lotListSchema, type lotReplySchema, type PaymentMethod } from '@gavel/domain';
import { apiRequest, queryString, type ReplyOf } from './http.ts';
import { queryKeys } from './query-keys.ts';

export interface LotListParams {
  search?: string;
  status?: string;
  paymentMethod?: PaymentMethod;
  auctionEventId?: string;
  /** Left out: the api's default order (live lots ending soonest, then upcoming, then ended). */
  sort?: LotSort;
  order?: 'asc' | 'desc';
  page?: number;
  limit?: number;
  /** `pagination.next` of the page before `page`: the api reads `page` from there instead of skipping to it. */
  after?: string;
}

/** The spec's staleness: the auction list is fresh for 5 minutes; a lot's detail is refetched every 10 s. */
const LIST_STALE_MS = 5 * 60_000;
const DETAIL_REFETCH_MS = 10_000;

export function useLotList({ page = 1, limit = BROWSE_LIMIT, after, ...filters }: LotListParams) {
  return useQuery({
    // The same page whichever way it is read, so `after` stays out of the key.
    queryKey: queryKeys.lots.list({ ...filters, page, limit }),
    queryFn: ({ signal }) =>
      apiRequest<ReplyOf<typeof lotListSchema>>(`/auctions${queryString({ ...filters, limit, offset: (page - 1) * limit, after })}`, {
        signal,
      }),
    staleTime: LIST_STALE_MS,
    // Keep the old page on screen only while refreshing the same query; a new filter shows skeletons.
    placeholderData: (previous, previousQuery) => (previousQuery && sameFilters(previousQuery.queryKey[2], filters) ? keepPreviousData(previous) : undefined),
  });
}

/** One lot's query: the lot page reads it, and its route starts it before the page's code has arrived. */
export function lotQuery(id: string | undefined) {
  return {
    queryKey: queryKeys.lots.lot(id),
    queryFn: ({ signal }: { signal: AbortSignal }) => apiRequest<ReplyOf<typeof lotReplySchema>>(`/auctions/${encodeURIComponent(id ?? '')}`, { signal }),
    staleTime: DETAIL_REFETCH_MS,
  };
}

export function useLot(id: string | undefined) {
  return useQuery({
    ...lotQuery(id),
    select: (reply) => reply.data,
    enabled: Boolean(id),
    refetchInterval: DETAIL_REFETCH_MS,
  });
}

function sameFilters(previousKey: unknown, filters: Omit<LotListParams, 'page' | 'limit'>): boolean {
  if (typeof previousKey !== 'object' || previousKey === null) return false;
  const previous = previousKey as Record<string, unknown>;
  return (['search', 'status', 'paymentMethod', 'auctionEventId', 'sort', 'order'] as const).every((key) => previous[key] === filters[key]);
}
