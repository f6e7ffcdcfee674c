/**
 * The spec's wallet calls: the ownership proof (POST /wallet/connect issues a challenge, the
 * wallet signs it, POST /wallet/verify checks it and links the address), disconnect, and the ETH bid and
 * withdrawal records, each checked against the reply schema the api itself uses.
 */
import type { ethBidReplySchema, evmWithdrawalReplySchema, walletChallengeReplySchema, walletDisconnectReplySchema, walletReplySchema, WalletKind } from '@gavel/domain';
import { apiRequest, type ReplyOf } from './http.ts';

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
  challenge: (body: ChallengeRequest, token: string) =>
    apiRequest<ReplyOf<typeof walletChallengeReplySchema>>('/wallet/connect', { method: 'POST', body, token }).then((reply) => reply.data),
  verify: (
    body: { walletAddress: string; walletType: WalletKind; message: string; signature: string; nonce?: string; ordinalsAddress?: string; ordinalsSignature?: string },
    token: string,
  ) =>
    apiRequest<ReplyOf<typeof walletReplySchema>>('/wallet/verify', { method: 'POST', body, token }),
  disconnect: (walletAddress: string, token: string) =>
    apiRequest<ReplyOf<typeof walletDisconnectReplySchema>>('/wallet/disconnect', { method: 'POST', body: { walletAddress }, token }),
  /**
   * The Ethereum bid mutation (the spec leaves its path open: POST /auctions/:id/eth-bids): the bid is already
   * on chain; the api reads the receipt of `txHash` itself and records the bid for the lot and the user.
   */
  recordEthBid: (lotId: string, body: { blockchainAuctionId: string; mongoAuctionId: string; bidAmount: string; walletAddress: string; txHash: string }) =>
    apiRequest<ReplyOf<typeof ethBidReplySchema>>(`/auctions/${encodeURIComponent(lotId)}/eth-bids`, { method: 'POST', body }),
  withdrawal: (body: { auctionId?: string; walletAddress: string; txHash: string }) =>
    apiRequest<ReplyOf<typeof evmWithdrawalReplySchema>>('/evm-withdrawals', { method: 'POST', body }),
};
