/**
 * Wallet rules and texts shared by every wallet screen, buyer and admin side alike.
 * Imported as `@gavel/domain/wallet-rules`.
 */
import { fill } from './messages.ts';

/**
 * Which kind of wallet a lot is bid from: Ethereum for ETH lots, Bitcoin otherwise. The spec also sends
 * "on-chain auctions" to the Ethereum wallet; only ETH lots are auctions on the auction house contract, though.
 * For a BTC lot, on-chain means settlement by the swap transaction the seller co-signs after the close, and its
 * bids are offers signed by the bidder's Bitcoin wallet (Leather or Xverse), on-chain lot or not.
 */
export function walletKindFor(lot: { paymentMethod: string }): 'evm' | 'bitcoin' {
  return lot.paymentMethod === 'ETH' ? 'evm' : 'bitcoin';
}

interface WalletOnRecord {
  type: 'hiro' | 'xverse' | 'evm';
  walletName: string;
}

/**
 * Why the connected wallet cannot make a Bitcoin transaction (an offer, the seller's co-signature), or null when
 * it can: none is "No wallet connected.", an Ethereum one is named as not supported.
 */
export function bitcoinWalletRefusal(wallet: WalletOnRecord | null): string | null {
  if (!wallet) return walletMessages.noWallet;
  return wallet.type === 'evm' ? fill(walletMessages.notBitcoin, { name: wallet.walletName }) : null;
}

/** Why the connected wallet cannot bid on `lot` (walletKindFor), or null when it is the kind the lot takes. */
export function bidWalletRefusal(lot: { paymentMethod: string }, wallet: WalletOnRecord | null): string | null {
  if (walletKindFor(lot) === 'bitcoin') return bitcoinWalletRefusal(wallet);
  if (!wallet) return walletMessages.noWallet;
  return wallet.type === 'evm' ? null : walletMessages.connectEthereum;
}

/** Same address, whatever the case an EVM wallet reports it in (checksummed or lower case). */
export function sameAddress(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  return a.startsWith('0x') || a.startsWith('0X') ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/** The spec's wallet, NFT and contract messages; `{name}` style holes are filled with `fill` from messages. */
export const walletMessages = {
  connecting: 'Connecting to wallet...',
  noWallet: 'No wallet connected.',
  connectFirst: 'Please connect your wallet first',
  connectFailed: 'Failed to connect wallet',
  connectFailedNamed: 'Failed to connect {wallet}: {reason}',
  cancelled: 'Connection cancelled by user',
  messageCancelled: 'Message signing cancelled by user',
  leatherMissing: 'Leather wallet not installed. Please install it first.',
  xverseMissing: 'Xverse wallet not installed. Please install it first.',
  /** An EVM extension wallet (MetaMask, Trust Wallet, Rainbow) that is not in this browser, in the Bitcoin wallets' words. */
  evmMissing: '{wallet} not installed. Please install it first.',
  /** Why a WalletConnect session could not start: its relay did not answer (offline, blocked). */
  relayUnreachable: 'the WalletConnect relay could not be reached. Check your connection and try again.',
  notBitcoin: '{name} is not supported. Please use Leather or Xverse wallet for Bitcoin transactions.',
  noHiroAddresses: 'No addresses available from Hiro wallet',
  noXverseAddresses: 'No addresses received from Xverse wallet',
  noEvmAccounts: 'No accounts available from {wallet} wallet',
  ethereumUnavailable: 'Ethereum service not available. Please connect your wallet.',
  noNetwork: 'No blockchain network connected.',
  wouldFail: 'Transaction would fail: {reason}',
  notDeployed: 'Auction contract not deployed on chain {id}',
  connectEthereum: 'Please connect your Ethereum wallet to place a bid.',
  auctionIdRequired: 'Blockchain auction id is required for Ethereum bidding',
  onChainBidPlaced: 'On-chain bid placed successfully!',
  withdrawalDone: 'Withdrawal successful!',
  withdrawalFailed: 'Withdrawal failed',
  copyFailed: 'Failed to copy address',
  disconnectFailed: 'Failed to disconnect wallet',
  disconnectRetry: 'Failed to disconnect wallet. Please try again.',
  copied: 'Copied!',
  nftUnavailable: 'NFT contract service not available.',
  notOwner: 'Connected wallet is not the owner of this token.',
  mintFailed: 'Failed to mint NFT',
  approveFailed: 'Failed to approve NFT',
  minted: 'NFT minted',
  approved: 'NFT approved for auction',
  receiptTimeout: 'The transaction was sent but not confirmed within 120 s. Check your wallet before trying again.',
  wrongChain: 'Please switch your wallet to chain {id}.',
  linkNeedsSignIn: 'Sign in to link this wallet to your account.',
  // Signing PSBTs (the error texts of both sides of the spec).
  psbtCancelled: 'PSBT signing cancelled by user',
  xverseNotSigned: 'Xverse wallet did not sign the PSBT. Please try again.',
  /** A wallet that signs no input of a vault's cooperative leaf: it cannot sign script paths (hardware keys through Xverse or Leather). */
  vaultScriptPathUnsigned:
    'Your wallet did not sign for your vault: it cannot sign a vault’s script path (hardware wallets through Xverse or Leather cannot yet). Bid by card instead, or with an ordinary Bitcoin offer where the lot does not require binding bids.',
  xversePaymentRejected: 'Xverse: payment rejected by user',
  noBitcoinWallet: 'No supported Bitcoin wallet installed (Xverse or Hiro)',
  unsupportedType: 'Unsupported wallet type. Please use Hiro (Leather) or Xverse wallet.',
  noAddress: 'No wallet address found. Please connect your wallet again.',
} as const;

/**
 * Sighash types a PSBT is signed with: SIGHASH_ALL (1) for every signer, the one sighash the spec allows Leather.
 * The bidder signs their inputs first, which fixes every input and output of the swap;
 * the seller co-signs that same transaction, so ALL takes nothing from the swap and commits the seller to exactly
 * the transaction they saw, never to a price output someone else could build around. A taproot input may also
 * carry SIGHASH_DEFAULT (0), which is ALL without the explicit byte.
 */
export const BIDDER_SIGHASH = 0x01;
export const SELLER_SIGHASH = 0x01;

/**
 * Seller signing needs the connected wallet to be the lot's seller address, compared case-insensitively
 * A Bitcoin wallet has two addresses (payment and ordinals): either may be the seller's.
 * Returns the matching address, or null.
 */
export function sellerWalletAddress(walletAddresses: Array<string | null | undefined>, sellerAddress: string | null | undefined): string | null {
  if (!sellerAddress) return null;
  return walletAddresses.find((a) => a && a.toLowerCase() === sellerAddress.toLowerCase()) ?? null;
}

/**
 * Who acts as a lot's seller: an admin, the lot's creator, or the holder of a
 * linked wallet that is the seller address, case-insensitive. `linkedAddresses`: the user's linked wallets.
 */
export function actsAsSeller(user: { id: string; role: string }, linkedAddresses: string[], lot: { creatorId: string | null; sellerWalletAddress: string | null }): boolean {
  return user.role === 'admin' || lot.creatorId === user.id || sellerWalletAddress(linkedAddresses, lot.sellerWalletAddress) !== null;
}

/** How long a contract call's receipt is awaited (the spec's receipt wait). */
export const RECEIPT_TIMEOUT_MS = 120_000;
/** How long "Copied!" shows. */
export const COPIED_MS = 2_000;
