/**
 * Telling the api that a lot now has an auction on chain (admin-side section 4: starting an ETH auction sets
 * the lot live). The api checks the auction on chain itself (exists, escrows the lot's NFT) and takes the
 * lot's state from there, never from this body. Path chosen by the dapp: POST /lots/:id/chain-auction.
 */
import { apiRequest } from './http.ts';

const anyReply = { parse: (payload: unknown) => payload };

export const chainAdminApi = {
  link: (lotId: string, body: { auctionId: string; txHash: string }) =>
    apiRequest(`/lots/${encodeURIComponent(lotId)}/chain-auction`, { method: 'POST', body, schema: anyReply }),
};
