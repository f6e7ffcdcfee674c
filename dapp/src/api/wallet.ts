/**
 * The spec's wallet calls: the ownership proof (POST /wallet/connect issues a challenge, the
 * wallet signs it, POST /wallet/verify checks it and links the address), disconnect, the linked wallets and
 * their balances, and the ETH bid and withdrawal records, each typed by the reply schema the api itself uses.
 */
import { useQuery } from '@tanstack/react-query';
import type {
  ethBidReplySchema,
  evmWithdrawalReplySchema,
  walletBalanceReplySchema,
  walletChallengeReplySchema,
  walletDisconnectReplySchema,
  walletListReplySchema,
  walletReplySchema,
  WalletKind,
} from '@gavel/domain';
import { apiRequest, type ReplyOf } from './http.ts';
import { queryKeys } from './query-keys.ts';

export interface ChallengeRequest {
  walletAddress: string;
  walletType: WalletKind;
  walletName: string;
  chainId?: number;
  /** Bitcoin: the key behind the address, kept with the record. */
  publicKey?: string;
  /** Bitcoin: the wallet's ordinals (taproot) address, proved by the same challenge. */
  ordinalsAddress?: string;
}

/** `token`: whose account the wallet is linked to (the buyer session, or an admin's when only that exists). */
export const walletApi = {
  challenge: (body: ChallengeRequest, token: string) => apiRequest<ReplyOf<typeof walletChallengeReplySchema>>('/wallet/connect', { method: 'POST', body, token }).then((reply) => reply.data),
  verify: (body: { walletAddress: string; walletType: WalletKind; message: string; signature: string; nonce?: string; ordinalsAddress?: string; ordinalsSignature?: string }, token: string) =>
    apiRequest<ReplyOf<typeof walletReplySchema>>('/wallet/verify', { method: 'POST', body, token }),
  disconnect: (walletAddress: string, token: string) => apiRequest<ReplyOf<typeof walletDisconnectReplySchema>>('/wallet/disconnect', { method: 'POST', body: { walletAddress }, token }),
  /**
   * The Ethereum bid mutation (the spec leaves its path open: POST /auctions/:id/eth-bids): the bid is already
   * on chain; the api reads the receipt of `txHash` itself and records the bid for the lot and the user.
   */
  recordEthBid: (lotId: string, body: { blockchainAuctionId: string; mongoAuctionId: string; bidAmount: string; walletAddress: string; txHash: string }) =>
    apiRequest<ReplyOf<typeof ethBidReplySchema>>(`/auctions/${encodeURIComponent(lotId)}/eth-bids`, { method: 'POST', body }),
  withdrawal: (body: { auctionId?: string; walletAddress: string; txHash: string }) => apiRequest<ReplyOf<typeof evmWithdrawalReplySchema>>('/evm-withdrawals', { method: 'POST', body }),
};

/** The spec's staleness: the linked wallets stay fresh 5 min; a balance is read again every 30 s and stale after 60 s. */
const WALLETS_STALE_MS = 5 * 60_000;
const BALANCE_REFETCH_MS = 30_000;
const BALANCE_STALE_MS = 60_000;

/** The signed-in user's linked wallets (GET /wallet/my-wallets), newest first. */
export function useMyWallets() {
  return useQuery({
    queryKey: queryKeys.account.wallets,
    queryFn: ({ signal }) => apiRequest<ReplyOf<typeof walletListReplySchema>>('/wallet/my-wallets', { signal }).then((reply) => reply.data),
    staleTime: WALLETS_STALE_MS,
  });
}

/** An address's balance (GET /wallet/balance/:address): ETH, or sats; read only while `enabled`. */
export function useWalletBalance(address: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.walletBalance(address),
    queryFn: ({ signal }) => apiRequest<ReplyOf<typeof walletBalanceReplySchema>>(`/wallet/balance/${encodeURIComponent(address)}`, { signal }).then((reply) => reply.data),
    enabled,
    staleTime: BALANCE_STALE_MS,
    refetchInterval: BALANCE_REFETCH_MS,
  });
}
