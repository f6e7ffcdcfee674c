/**
 * Wallet ownership and balances (the spec's wallet entity and calls). A wallet
 * is linked to a user only after it signed a single-use challenge from POST /wallet/connect: a SIWE (EIP-4361)
 * message for EVM wallets, a BIP-322 "simple" message for Bitcoin wallets (Leather is type hiro, Xverse xverse).
 * Only linked addresses may bid, withdraw or act as a seller.
 */
import { z } from 'zod';
import { evmAddress, txHash } from './chain.ts';

export const WALLET_TYPES = ['hiro', 'xverse', 'evm'] as const;
export type WalletKind = (typeof WALLET_TYPES)[number];

/** How long a challenge may be signed for by default (WALLET_CHALLENGE_TTL_MS); a later signature is refused. */
export const WALLET_CHALLENGE_TTL_MS = 10 * 60_000;

export const walletProofMessages = {
  connected: 'Wallet connected successfully',
  challengeIssued: 'Sign this message in your wallet to prove you own this address',
  disconnected: 'Wallet disconnected',
  invalidType: 'Wallet type must be hiro, xverse or evm',
  walletNameRequired: 'Wallet name is required',
  signatureRequired: 'Signature is required',
  messageRequired: 'Message is required',
  evmAddressForEvm: 'An EVM wallet needs an address starting with 0x',
  wrongChain: 'Please switch your wallet to chain {id}.',
  challengeUnknown: 'This sign-in request was already used or does not exist. Connect the wallet again.',
  challengeExpired: 'This sign-in request has expired. Connect the wallet again.',
  challengeMismatch: 'The signed message is not the one this wallet was asked to sign',
  challengeOtherUser: 'This sign-in request belongs to another account',
  badSignature: 'The signature does not match this wallet address',
  linkedElsewhere: 'This wallet is already linked to another account',
  notLinked: 'This wallet is not linked to your account. Connect and verify it first.',
  bitcoinKeyUnsupported: 'Only native segwit (p2wpkh) and taproot (p2tr) addresses can prove ownership',
  balanceUnavailable: 'The balance of this address is temporarily unavailable',
  ordinalsNotTaproot: 'The ordinals address must be a taproot (p2tr) address of this network',
  ordinalsBitcoinOnly: 'Only a Bitcoin wallet has an ordinals address',
  ordinalsSignatureRequired: 'Sign the message with the ordinals address too',
} as const;

const walletType = z.enum(WALLET_TYPES, { error: walletProofMessages.invalidType });
/** An EVM (0x) or Bitcoin (bech32) address; the route checks it against the type and the network. */
const anyAddress = z.string().trim().min(1, { error: 'Wallet address is required' }).max(100, { error: 'Invalid wallet address' });

/** POST /wallet/connect: asks for a challenge to sign. */
export const walletConnectBodySchema = z.object({
  walletAddress: anyAddress,
  walletType,
  walletName: z.string().trim().min(1, { error: walletProofMessages.walletNameRequired }).max(60),
  /** EVM: the chain the wallet is on; it must be the marketplace's. */
  chainId: z.number().int().positive().optional(),
  /** Bitcoin: the key the wallet reports; not needed by BIP-322 simple (the witness carries it), kept for the record. */
  publicKey: z.string().trim().max(200).optional(),
  /**
   * Bitcoin: the wallet's ordinals (taproot) address, proved by the same challenge signed by its own key. Won
   * inscriptions are delivered only to such an address.
   */
  ordinalsAddress: anyAddress.optional(),
});

export const walletChallengeSchema = z.object({
  walletAddress: z.string(),
  walletType,
  /** The exact text to sign. */
  message: z.string(),
  nonce: z.string(),
  expiresAt: z.string(),
  /** 'siwe' (EIP-4361, personal_sign) or 'bip322' (BIP-322 simple, base64 witness). */
  scheme: z.enum(['siwe', 'bip322']),
  /** The ordinals address the message names too, when one was asked for: sign it with that address as well. */
  ordinalsAddress: z.string().optional(),
});
export const walletChallengeReplySchema = z.object({ message: z.string(), data: walletChallengeSchema });

/** POST /wallet/verify: the signed challenge. `nonce` defaults to the one inside `message`. */
export const walletVerifyBodySchema = z.object({
  walletAddress: anyAddress,
  walletType,
  message: z.string().min(1, { error: walletProofMessages.messageRequired }).max(4000),
  signature: z.string().trim().min(1, { error: walletProofMessages.signatureRequired }).max(4000),
  nonce: z.string().trim().max(100).optional(),
  /** When the challenge named an ordinals address: it, and the same message's BIP-322 signature by it. */
  ordinalsAddress: anyAddress.optional(),
  ordinalsSignature: z.string().trim().min(1, { error: walletProofMessages.signatureRequired }).max(4000).optional(),
});

export const walletSchema = z.object({
  id: z.string(),
  walletAddress: z.string(),
  /** The same as walletAddress (the spec names both). */
  address: z.string(),
  type: walletType,
  walletName: z.string().nullable(),
  connectedAt: z.string(),
  isConnected: z.boolean(),
  /** payment, or ordinals: a Bitcoin wallet's taproot address, the only kind a won inscription is sent to. */
  purpose: z.enum(['payment', 'ordinals']),
});
export type Wallet = z.infer<typeof walletSchema>;
export const walletReplySchema = z.object({ message: z.string(), data: walletSchema });
export const walletListReplySchema = z.object({ data: z.array(walletSchema) });

/** POST and DELETE /wallet/disconnect: unlinks the address from the signed-in user. */
export const walletDisconnectBodySchema = z.object({ walletAddress: anyAddress });
export const walletDisconnectReplySchema = z.object({ message: z.string(), data: z.object({ walletAddress: z.string() }) });

/** GET /wallet/balance/:address. `balance` is in `unit` (ETH decimal string, or sats); `raw` in wei or sats. */
export const walletBalanceSchema = z.object({
  address: z.string(),
  chain: z.enum(['evm', 'bitcoin']),
  balance: z.string(),
  unit: z.enum(['ETH', 'sats']),
  raw: z.string(),
  /** When the value was read from the chain or Esplora (replies are cached briefly). */
  fetchedAt: z.string(),
});
export const walletBalanceReplySchema = z.object({ data: walletBalanceSchema });

/**
 * The Ethereum bid mutation: POST /auctions/:id/eth-bids. The bid is already on chain; the api reads the
 * receipt of `txHash` and its AuctionBid event, and records the bid for the signed-in user when the bidder is a
 * wallet linked to them. The amount and bidder come from the event: `bidAmount` and `walletAddress` are only
 * cross-checked (walletAddress) or ignored (bidAmount: the event's amount is recorded). `mongoAuctionId` is the lot id (the spec's name), optional since the path names the lot.
 */
export const ethBidBodySchema = z.object({
  blockchainAuctionId: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.string().regex(/^\d{1,78}$/, { error: 'Blockchain auction id is required for Ethereum bidding' })),
  mongoAuctionId: z.string().trim().max(64).optional(),
  bidAmount: z.union([z.string(), z.number()]).transform(String).optional(),
  walletAddress: evmAddress,
  txHash,
});

export const ethBidMessages = {
  placed: 'On-chain bid placed successfully!',
  notChainLot: 'This lot is not an on-chain auction',
  auctionMismatch: 'This transaction is a bid on another on-chain auction',
  notMined: 'This transaction is not mined yet. Try again once it is confirmed.',
  reverted: 'This transaction reverted: no bid was placed',
  noBid: 'This transaction placed no bid on the auction house',
  bidderMismatch: 'This bid was placed by another wallet',
  recordedByOther: 'This bid was recorded by another account',
} as const;

export const chainBidRecordSchema = z.object({
  id: z.string(),
  lotId: z.string(),
  blockchainAuctionId: z.string(),
  txHash: z.string(),
  /** The on-chain bidder; the relayer's address for card bids. */
  bidder: z.string(),
  /** The bidder's wallet, or `card_payment` for a card bid placed by the relayer. */
  walletAddress: z.string(),
  /** ETH. */
  amount: z.string(),
  blockNumber: z.number().int(),
  /** Whether the indexer has seen this bid yet (the lot's current bid follows once it has). */
  indexed: z.boolean(),
  createdAt: z.string(),
});
export type ChainBidRecord = z.infer<typeof chainBidRecordSchema>;
export const ethBidReplySchema = z.object({ message: z.string(), data: z.object({ bid: chainBidRecordSchema }) });

/** Card bids on on-chain lots, placed on chain by the platform's relayer account. */
export const relayedBidMessages = {
  unavailable: 'Card bids on on-chain lots are not available right now',
} as const;

/**
 * POST /lots/:id/chain-auction (starting an ETH auction sets the lot live): the admin's or seller's wallet created
 * (and usually started) an auction on the auction house for this lot; the api reads the auction from the chain
 * (it exists, escrows the lot's NFT, its seller is a wallet linked to the caller) and takes the lot's on-chain
 * id, times and live state from there. `txHash` (the create or start transaction) is kept for reference only.
 */
export const chainAuctionLinkBodySchema = z.object({
  auctionId: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.string().regex(/^\d{1,78}$/, { error: 'Blockchain auction id is required' })),
  txHash: txHash.optional(),
});

export const chainAuctionLinkMessages = {
  linked: 'Lot linked to its on-chain auction',
  notFound: 'No such auction on the auction house',
  notEvmLot: 'Only ETH lots can have an auction on chain: a BTC lot is settled by the swap its seller co-signs',
  otherNft: 'This auction escrows another NFT than the lot’s',
  alreadyLinked: 'This lot is already linked to another on-chain auction',
  auctionTaken: 'This auction is already linked to another lot',
  notYourAuction: 'This auction was created by a wallet that is not linked to your account',
  notYourLot: 'Only the lot’s seller or an admin may link its auction',
} as const;

export const chainAuctionLinkReplySchema = z.object({
  message: z.string(),
  data: z.object({
    id: z.string(),
    auctionId: z.string(),
    status: z.enum(['upcoming', 'live', 'ended', 'cancelled']),
    startTime: z.string(),
    endTime: z.string(),
    contractAddress: z.string(),
    tokenId: z.string(),
    sellerWalletAddress: z.string(),
  }),
});

/** POST /nfts/card-mint: a card buyer mints a GavelNFT token (the relayer sends `cardMint`) to their linked EVM wallet. */
export const cardMintBodySchema = z.object({
  metadataUrl: z.string().trim().min(1, { error: 'Metadata URL is required' }).max(2048),
});

export const cardMintMessages = {
  queued: 'Payment received: your NFT is being minted',
  unavailable: 'NFT contract service not available.',
  walletNeeded: 'Link an Ethereum wallet to receive the NFT first',
  notFound: 'Mint not found',
  /** No fresh ETH price to charge the mint price at. */
  pricePaused: 'Minting by card is paused: the ETH price is unavailable. Please try again shortly.',
} as const;

export const cardMintRecordSchema = z.object({
  id: z.string(),
  /**
   * charging (the card being charged), queued (paid, transaction pending), minted (tokenId set), refunding (not
   * minted, the charge being given back) or failed (refunded, or never charged).
   */
  status: z.enum(['charging', 'queued', 'minted', 'refunding', 'failed']),
  toAddress: z.string(),
  metadataUrl: z.string(),
  contractAddress: z.string().nullable(),
  tokenId: z.string().nullable(),
  mintTxHash: z.string().nullable(),
  /** What the card was charged, USD. */
  amountUsd: z.string(),
  createdAt: z.string(),
});
export type CardMintRecord = z.infer<typeof cardMintRecordSchema>;
export const cardMintReplySchema = z.object({ message: z.string(), data: cardMintRecordSchema });
