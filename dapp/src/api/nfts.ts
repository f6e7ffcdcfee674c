/** NFT records: recording a minted token, minting by card, and asking the api to re-read one from the chain. */
import type { cardMintReplySchema, nftMessageReplySchema, Nft } from '@gavel/domain';
import { apiRequest, type ReplyOf } from './http.ts';

export const nftApi = {
  create: (body: { name: string; description?: string; imageUrl?: string; metadataUrl: string; contractAddress: string; tokenId: string; mintTxHash: string }) =>
    apiRequest<ReplyOf<typeof nftMessageReplySchema>>('/nfts', { method: 'POST', body }),
  /** Minting paid by card: the api charges the saved card and its relayer mints to the caller's linked wallet. */
  cardMint: (metadataUrl: string) => apiRequest<ReplyOf<typeof cardMintReplySchema>>('/nfts/card-mint', { method: 'POST', body: { metadataUrl } }),
  cardMintStatus: (id: string) => apiRequest<ReplyOf<typeof cardMintReplySchema>>(`/nfts/card-mint/${encodeURIComponent(id)}`),
  /** PATCH with no descriptive change: the api re-reads owner, approval and status from the chain on every write. */
  refresh: (nft: Pick<Nft, 'contractAddress' | 'tokenId'>) =>
    apiRequest<ReplyOf<typeof nftMessageReplySchema>>(`/nfts/token/${encodeURIComponent(nft.contractAddress)}/${encodeURIComponent(nft.tokenId)}`, { method: 'PATCH', body: {} }),
};
