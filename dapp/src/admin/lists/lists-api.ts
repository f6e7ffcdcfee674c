/** Read-mostly admin lists: inscriptions (limit 20, page 1) and NFTs (page 1, limit 10, stale 30 s). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ADMIN_INSCRIPTIONS_LIMIT,
  adminInscriptionListSchema,
  inscriptionStatsSchema,
  NFT_LIST_LIMIT,
  nftListSchema,
  nftStatsSchema,
} from '@gavel/domain';
import { apiRequest, queryString } from '../../api/http.ts';

export function useAdminInscriptions(filters: { status?: string; walletAddress?: string; hasAuction?: string; page: number }) {
  return useQuery({
    queryKey: ['admin', 'inscriptions', filters],
    queryFn: ({ signal }) =>
      apiRequest(`/inscriptions/admin/all${queryString({ ...filters, limit: ADMIN_INSCRIPTIONS_LIMIT })}`, { schema: adminInscriptionListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useInscriptionStats() {
  return useQuery({
    queryKey: ['admin', 'inscriptions', 'stats'],
    queryFn: ({ signal }) => apiRequest('/inscriptions/admin/stats', { schema: inscriptionStatsSchema, signal }).then((r) => r.data),
  });
}

const NFT_STALE_MS = 30_000;

export function useAdminNfts(filters: { status?: string; ownerAddress?: string; page: number }) {
  return useQuery({
    queryKey: ['admin', 'nfts', filters],
    queryFn: ({ signal }) => apiRequest(`/nfts${queryString({ ...filters, limit: NFT_LIST_LIMIT })}`, { schema: nftListSchema, signal }),
    staleTime: NFT_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useNftStats() {
  return useQuery({
    queryKey: ['admin', 'nfts', 'stats'],
    queryFn: ({ signal }) => apiRequest('/nfts/stats', { schema: nftStatsSchema, signal }).then((r) => r.data),
    staleTime: NFT_STALE_MS,
  });
}
