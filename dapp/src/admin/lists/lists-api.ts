/** Read-mostly admin lists: inscriptions (limit 20, page 1) and NFTs (page 1, limit 10, stale 30 s). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_INSCRIPTIONS_LIMIT, type adminInscriptionListSchema, type inscriptionStatsSchema, NFT_LIST_LIMIT, type nftListSchema, type nftStatsSchema } from '@gavel/domain';
import { apiRequest, queryString, type ReplyOf } from '../../api/http.ts';
import { queryKeys } from '../../api/query-keys.ts';

export function useAdminInscriptions(filters: { status?: string; walletAddress?: string; hasAuction?: string; page: number }) {
  return useQuery({
    queryKey: queryKeys.admin.inscriptions.list(filters),
    queryFn: ({ signal }) => apiRequest<ReplyOf<typeof adminInscriptionListSchema>>(`/inscriptions/admin/all${queryString({ ...filters, limit: ADMIN_INSCRIPTIONS_LIMIT })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useInscriptionStats() {
  return useQuery({
    queryKey: queryKeys.admin.inscriptions.stats,
    queryFn: ({ signal }) => apiRequest<ReplyOf<typeof inscriptionStatsSchema>>('/inscriptions/admin/stats', { signal }).then((r) => r.data),
  });
}

const NFT_STALE_MS = 30_000;

export function useAdminNfts(filters: { status?: string; ownerAddress?: string; page: number }) {
  return useQuery({
    queryKey: queryKeys.admin.nfts.list(filters),
    queryFn: ({ signal }) => apiRequest<ReplyOf<typeof nftListSchema>>(`/nfts${queryString({ ...filters, limit: NFT_LIST_LIMIT })}`, { signal }),
    staleTime: NFT_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useNftStats() {
  return useQuery({
    queryKey: queryKeys.admin.nfts.stats,
    queryFn: ({ signal }) => apiRequest<ReplyOf<typeof nftStatsSchema>>('/nfts/stats', { signal }).then((r) => r.data),
    staleTime: NFT_STALE_MS,
  });
}
