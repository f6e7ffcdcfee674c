import { useQuery } from '@tanstack/react-query';
import type { auctionStatsSchema, kycStatsSchema, platformStatsSchema } from '@gavel/domain';
import { apiRequest, type ReplyOf } from '../../api/http.ts';
import { queryKeys } from '../../api/query-keys.ts';

/** The dashboard's three figures calls; a minute fresh is plenty for totals. */
const STATS_STALE_MS = 60_000;

export function useStats() {
  const platform = useQuery({
    queryKey: queryKeys.admin.stats.platform,
    queryFn: ({ signal }) => apiRequest<ReplyOf<typeof platformStatsSchema>>('/admin/platform-stats', { signal }).then((r) => r.data),
    staleTime: STATS_STALE_MS,
  });
  const auctions = useQuery({
    queryKey: queryKeys.admin.stats.auctions,
    queryFn: ({ signal }) => apiRequest<ReplyOf<typeof auctionStatsSchema>>('/admin/auction-stats', { signal }).then((r) => r.data),
    staleTime: STATS_STALE_MS,
  });
  const kyc = useQuery({
    queryKey: queryKeys.admin.stats.kyc,
    queryFn: ({ signal }) => apiRequest<ReplyOf<typeof kycStatsSchema>>('/admin/kyc-stats', { signal }).then((r) => r.data),
    staleTime: STATS_STALE_MS,
  });
  return { platform, auctions, kyc };
}
