/**
 * NFT ownership and approval from the chain: the indexer first (one query per contract for a page), JSON-RPC
 * for tokens it does not know yet (minted a moment ago, or on another contract) when the caller allows it.
 */
import type { ChainService } from './index.ts';
import { IndexerUnavailable } from './ponder.ts';
import { tokens as indexedTokens, type TokenRow } from './reads.ts';

export interface ChainToken {
  owner: string;
  /** Approved for Gavel's auction house, by the token's own approval or the owner's setApprovalForAll. */
  approvedForAuction: boolean;
  approveTxHash: string | null;
  metadataUrl: string | null;
  /** Only known to the indexer. */
  minter: string | null;
  mintTxHash: string | null;
  /** When it was minted (only known to the indexer). */
  mintedAt: Date | null;
}

export interface TokenKey {
  contractAddress: string;
  tokenId: string;
}

const keyOf = (contract: string, tokenId: string) => `${contract.toLowerCase()}/${tokenId}`;

/**
 * The chain's view of these tokens, keyed "contract/tokenId". Absent: the token does not exist (or could not
 * be read). `stale` when some token could not be read at all.
 */
export async function readTokens(chain: ChainService, keys: TokenKey[], opts: { rpcFallback: boolean }): Promise<{ tokens: Map<string, ChainToken>; stale: boolean }> {
  const house = chain.auctionHouse ?? '0x0000000000000000000000000000000000000000';
  const found = new Map<string, ChainToken>();
  let stale = false;
  const byContract = new Map<string, TokenKey[]>();
  for (const key of keys) byContract.set(key.contractAddress.toLowerCase(), [...(byContract.get(key.contractAddress.toLowerCase()) ?? []), key]);
  for (const [contract, group] of byContract) {
    try {
      const rows = await indexedTokens(
        chain.ponder,
        contract,
        group.map((k) => k.tokenId),
        house,
      );
      for (const row of rows) found.set(keyOf(contract, row.token_id), chainTokenOf(row, house));
    } catch (error) {
      if (!(error instanceof IndexerUnavailable)) throw error;
      if (!opts.rpcFallback) stale = true;
    }
  }
  if (opts.rpcFallback) {
    for (const key of keys.filter((k) => !found.has(keyOf(k.contractAddress, k.tokenId)))) {
      try {
        const token = await chain.rpc.token(key.contractAddress, key.tokenId, house);
        if (token) {
          found.set(keyOf(key.contractAddress, key.tokenId), {
            owner: token.owner,
            approvedForAuction: token.approved === house || token.operatorApproved,
            approveTxHash: null,
            metadataUrl: token.metadataUrl,
            minter: null,
            mintTxHash: null,
            mintedAt: null,
          });
        }
      } catch {
        stale = true;
      }
    }
  }
  return { tokens: found, stale };
}

/** The indexer's row of a token as the api sees it; `house`: the auction house its approval is for. */
export function chainTokenOf(row: TokenRow, house: string): ChainToken {
  return {
    owner: row.owner,
    approvedForAuction: row.approved === house || row.operator_approved === true,
    approveTxHash: row.approved === house ? row.approved_tx_hash : row.operator_approved ? row.operator_tx_hash : null,
    metadataUrl: row.metadata_url,
    minter: row.minter,
    mintTxHash: row.mint_tx_hash,
    mintedAt: new Date(Number(row.minted_at) * 1000),
  };
}

export function tokenKey(contract: string, tokenId: string): string {
  return keyOf(contract, tokenId);
}
