/** NFT records (section 7, NFT calls): recording a minted token, and asking the api to re-read one from the chain. */
import { nftMessageReplySchema, type Nft } from '@gavel/domain';
import { apiRequest } from './http.ts';

export const nftApi = {
  create: (body: { name: string; description?: string; imageUrl?: string; metadataUrl: string; contractAddress: string; tokenId: string; mintTxHash: string }) =>
    apiRequest('/nfts', { method: 'POST', body, schema: nftMessageReplySchema }),
  /** PATCH with no descriptive change: the api re-reads owner, approval and status from the chain on every write. */
  refresh: (nft: Pick<Nft, 'contractAddress' | 'tokenId'>) =>
    apiRequest(`/nfts/token/${encodeURIComponent(nft.contractAddress)}/${encodeURIComponent(nft.tokenId)}`, { method: 'PATCH', body: {}, schema: nftMessageReplySchema }),
};
