/**
 * Direct JSON-RPC reads, for what the indexer cannot answer yet: a token minted a moment ago (or on a contract
 * Gavel does not index), and whether a transaction reverted.
 */
import { BaseError, ContractFunctionRevertedError, ContractFunctionZeroDataError, createPublicClient, http, type Address, type Hash, type PublicClient } from 'viem';
import { gavelNftAbi } from '@gavel/contracts';
import type { CircuitBreaker } from '../health/breaker.ts';

export interface RpcToken {
  owner: string;
  approved: string | null;
  operatorApproved: boolean;
  metadataUrl: string | null;
}

const ZERO = '0x0000000000000000000000000000000000000000';

export class ChainRpc {
  readonly client: PublicClient;

  /** `breaker`: opens after repeated failures of the node (no answer, no connection, a 5xx), so reads fail at once while it is down. */
  constructor(rpcUrl: string, timeoutMs: number, breaker?: CircuitBreaker) {
    const fetchFn = breaker
      ? (input: RequestInfo | URL, init?: RequestInit) =>
          breaker.run(async () => {
            const res = await fetch(input, init);
            if (res.status >= 500) throw new Error(`the RPC node answered ${res.status}`);
            return res;
          })
      : undefined;
    // Reads only: each bounded by the timeout and retried twice with viem's exponential backoff (150 ms, 300 ms).
    this.client = createPublicClient({ transport: http(rpcUrl, { timeout: timeoutMs, retryCount: 2, retryDelay: 150, fetchFn }) });
  }

  /** Owner and approvals of an ERC-721 token, or null when it does not exist (ownerOf reverts). */
  async token(contract: string, tokenId: string, operator: string): Promise<RpcToken | null> {
    const nft = { address: contract as Address, abi: gavelNftAbi } as const;
    const id = BigInt(tokenId);
    // ownerOf reverts for a token that does not exist; any other failure (node down) is an error.
    const owner = await this.client.readContract({ ...nft, functionName: 'ownerOf', args: [id] }).catch((error: unknown) => {
      if (error instanceof BaseError && error.walk((e) => e instanceof ContractFunctionRevertedError || e instanceof ContractFunctionZeroDataError)) return null;
      throw error;
    });
    if (!owner) return null;
    const [approved, operatorApproved, metadataUrl] = await Promise.all([
      this.client.readContract({ ...nft, functionName: 'getApproved', args: [id] }),
      this.client.readContract({ ...nft, functionName: 'isApprovedForAll', args: [owner, operator as Address] }),
      this.client.readContract({ ...nft, functionName: 'tokenURI', args: [id] }).catch(() => null),
    ]);
    return {
      owner: owner.toLowerCase(),
      approved: approved === ZERO ? null : approved.toLowerCase(),
      operatorApproved,
      metadataUrl,
    };
  }

  /** 'success' or 'reverted' once mined; null while unknown to the node. */
  async receiptStatus(hash: string): Promise<'success' | 'reverted' | null> {
    const receipt = await this.client.getTransactionReceipt({ hash: hash as Hash }).catch(() => null);
    return receipt?.status ?? null;
  }
}
