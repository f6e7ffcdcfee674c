/**
 * Telling the api that a lot now has an auction on chain (starting an ETH auction sets
 * the lot live): POST /lots/:id/chain-auction. The api checks the auction on chain itself (it exists, escrows
 * the lot's NFT, was created by a wallet linked to the caller) and takes the lot's state from there.
 */
import type { chainAuctionLinkReplySchema } from '@gavel/domain';
import { apiRequest, type ReplyOf } from './http.ts';

export const chainAdminApi = {
  link: (lotId: string, body: { auctionId: string; txHash: string }) =>
    apiRequest<ReplyOf<typeof chainAuctionLinkReplySchema>>(`/lots/${encodeURIComponent(lotId)}/chain-auction`, { method: 'POST', body }),
};
