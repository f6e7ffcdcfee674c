import { useQuery } from '@tanstack/react-query';
import { auctionStatsSchema, kycStatsSchema, platformStatsSchema } from '@gavel/domain';
import { apiRequest } from '../../api/http.ts';

/** The dashboard's three figures calls; a minute fresh is plenty for totals. */
const STATS_STALE_MS = 60_000;

export function useStats() {
  const platform = useQuery({
    queryKey: ['admin', 'stats', 'platform'],
    queryFn: ({ signal }) => apiRequest('/admin/platform-stats', { schema: platformStatsSchema, signal }).then((r) => r.data),
    staleTime: STATS_STALE_MS,
  });
  const auctions = useQuery({
    queryKey: ['admin', 'stats', 'auctions'],
    queryFn: ({ signal }) => apiRequest('/admin/auction-stats', { schema: auctionStatsSchema, signal }).then((r) => r.data),
    staleTime: STATS_STALE_MS,
  });
  const kyc = useQuery({
    queryKey: ['admin', 'stats', 'kyc'],
    queryFn: ({ signal }) => apiRequest('/admin/kyc-stats', { schema: kycStatsSchema, signal }).then((r) => r.data),
    staleTime: STATS_STALE_MS,
  });
  return { platform, auctions, kyc };
}
