/**
 * NFT records (the spec's NFT entity and calls): what Gavel knows about a minted token. Owner,
 * approval, mint transaction and status are read from the chain on every write and reply; the client's word
 * for them is never taken. Fields a client may set: name, description, imageUrl, metadataUrl.
 */
import { z } from 'zod';
import { MAX_PAGE_SIZE, paginationSchema, queryInt } from './common.ts';
import { evmAddress, txHash } from './chain.ts';

export const NFT_STATUSES = ['minted', 'approved'] as const;
export const NFT_LIST_LIMIT = 10;

export const nftMessages = {
  notFound: 'NFT not found',
  tokenNotOnChain: 'This token does not exist on chain',
  alreadyRecorded: 'This NFT is already recorded',
  notOwner: 'This token is owned by a wallet not linked to your account. Connect and verify the wallet that owns it, then record it.',
  deleted: 'NFT deleted',
  created: 'NFT recorded',
  updated: 'NFT updated',
  chainUnavailable: 'NFT contract service not available.',
} as const;

const text = (max: number) => z.string().trim().max(max);
const url = z.string().trim().max(2048);

export const nftListQuerySchema = z.object({
  page: queryInt(1, 1_000_000).optional(),
  limit: queryInt(1, MAX_PAGE_SIZE).optional(),
  status: z.enum(NFT_STATUSES, { error: `must be one of ${NFT_STATUSES.join(', ')}` }).optional(),
  ownerAddress: evmAddress.optional(),
});

/** POST /nfts. Chain fields a client may send (ownerAddress, status, ...) are accepted and ignored. */
export const createNftBodySchema = z.object({
  name: text(200).min(1, { error: 'Name is required' }),
  description: text(5000).optional(),
  imageUrl: url.optional(),
  metadataUrl: url.optional(),
  contractAddress: evmAddress,
  tokenId: z
    .union([
      z
        .string()
        .trim()
        .regex(/^\d{1,78}$/, { error: 'must be a token id' }),
      z.number().int().nonnegative(),
    ])
    .transform(String),
  mintTxHash: txHash.optional(),
});

/** PATCH /nfts/:id and /nfts/token/:contract/:tokenId: descriptive fields only; the chain fields are re-read. */
export const updateNftBodySchema = z.object({
  name: text(200).min(1).optional(),
  description: text(5000).optional(),
  imageUrl: url.nullable().optional(),
  metadataUrl: url.nullable().optional(),
});

export const nftSchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  metadataUrl: z.string().nullable(),
  contractAddress: z.string(),
  tokenId: z.string(),
  /** Who sent the mint transaction (the platform relayer for card mints). */
  deployerAddress: z.string().nullable(),
  ownerAddress: z.string(),
  mintTxHash: z.string().nullable(),
  status: z.enum(NFT_STATUSES),
  isApprovedForAuction: z.boolean(),
  auctionContractAddress: z.string().nullable(),
  approveTxHash: z.string().nullable(),
  /** The owner is escrowed by the auction house: the token is up for auction. */
  inAuction: z.boolean(),
  /** True when the chain could not be read: owner and approval are the last known values. */
  stale: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Nft = z.infer<typeof nftSchema>;
export type NftListQuery = z.infer<typeof nftListQuerySchema>;
export type CreateNftBody = z.infer<typeof createNftBodySchema>;
export type UpdateNftBody = z.infer<typeof updateNftBodySchema>;

export const nftReplySchema = z.object({ data: nftSchema });
export const nftListSchema = z.object({ data: z.array(nftSchema), pagination: paginationSchema });
export const nftStatsSchema = z.object({
  data: z.object({ total: z.number().int(), minted: z.number().int(), approved: z.number().int(), inAuction: z.number().int() }),
});
export type NftStats = z.infer<typeof nftStatsSchema>['data'];
export const nftMessageReplySchema = z.object({ message: z.string(), data: nftSchema });
