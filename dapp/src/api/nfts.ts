/** NFT records (section 7, NFT calls): recording a minted token, minting by card, and asking the api to re-read one from the chain. */
import { cardMintReplySchema, nftMessageReplySchema, type Nft } from '@gavel/domain';
import { apiRequest } from './http.ts';

export const nftApi = {
  create: (body: { name: string; description?: string; imageUrl?: string; metadataUrl: string; contractAddress: string; tokenId: string; mintTxHash: string }) =>
    apiRequest('/nfts', { method: 'POST', body, schema: nftMessageReplySchema }),
  /** Minting paid by card: the api charges the saved card and its relayer mints to the caller's linked wallet. */
  cardMint: (metadataUrl: string) => apiRequest('/nfts/card-mint', { method: 'POST', body: { metadataUrl }, schema: cardMintReplySchema }),
  cardMintStatus: (id: string) => apiRequest(`/nfts/card-mint/${encodeURIComponent(id)}`, { schema: cardMintReplySchema }),
  /** PATCH with no descriptive change: the api re-reads owner, approval and status from the chain on every write. */
  refresh: (nft: Pick<Nft, 'contractAddress' | 'tokenId'>) =>
    apiRequest(`/nfts/token/${encodeURIComponent(nft.contractAddress)}/${encodeURIComponent(nft.tokenId)}`, { method: 'PATCH', body: {}, schema: nftMessageReplySchema }),
};
