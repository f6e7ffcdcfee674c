/**
 * The wallet calls of buyer-side section 7: the ownership proof (POST /wallet/connect issues a challenge, the
 * wallet signs it, POST /wallet/verify checks it and links the address), disconnect, and the ETH bid and
 * withdrawal records. Replies are read for the few fields the dapp uses, so extra fields never break them.
 */
import { apiRequest } from './http.ts';
import type { WalletType } from '../wallet/wallet-store.ts';

interface Challenge {
  /** The exact text to sign: a SIWE (EIP-4361) message for EVM, a BIP-322 message for Bitcoin. */
  message: string;
  /** Whatever identifies the challenge to /wallet/verify (echoed back unchanged). */
  nonce?: string;
}

const objectOf = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});

const challengeSchema = {
  parse(payload: unknown): Challenge {
    const data = objectOf(objectOf(payload).data);
    const message = data.message;
    if (typeof message !== 'string' || !message) throw new Error('The wallet challenge carried no message to sign');
    return { message, nonce: typeof data.nonce === 'string' ? data.nonce : undefined };
  },
};

const anyReply = { parse: (payload: unknown) => objectOf(payload) };

export interface ChallengeRequest {
  walletAddress: string;
  walletType: WalletType;
  walletName: string;
  chainId?: number;
  /** Bitcoin: the key behind the address (taproot and segwit proofs need it to be checked). */
  publicKey?: string;
}

export const walletApi = {
  challenge: (body: ChallengeRequest) => apiRequest('/wallet/connect', { method: 'POST', body, schema: challengeSchema }),
  verify: (body: { walletAddress: string; walletType: WalletType; message: string; signature: string; nonce?: string }) =>
    apiRequest('/wallet/verify', { method: 'POST', body, schema: anyReply }),
  disconnect: (walletAddress: string) => apiRequest('/wallet/disconnect', { method: 'POST', body: { walletAddress }, schema: anyReply }),
  /**
   * The Ethereum bid mutation (section 7, path not shown): the bid is already on chain; the api reads the
   * receipt of `txHash` itself and records the bid for the lot and the user.
   */
  recordEthBid: (lotId: string, body: { blockchainAuctionId: string; mongoAuctionId: string; bidAmount: string; walletAddress: string; txHash: string }) =>
    apiRequest(`/auctions/${encodeURIComponent(lotId)}/eth-bids`, { method: 'POST', body, schema: anyReply }),
  withdrawal: (body: { auctionId?: string; walletAddress: string; txHash: string }) =>
    apiRequest('/evm-withdrawals', { method: 'POST', body, schema: anyReply }),
};
