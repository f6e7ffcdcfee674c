/**
 * Placing a bid. On a BTC lot the api answers POST /auctions/:id/bids with an
 * offer PSBT instead of a placed bid: the connected Bitcoin wallet (Leather or Xverse) signs it, and POST
 * /auctions/:id/finalize with the signed PSBT places the bid. A maximum from the wallet is a ladder of such offers,
 * one per step up to it: the wallet signs them all in one sitting and finalize takes every one. Every other bid is
 * placed by the first call.
 */
import { messages, type PlaceBidBody, type PlaceBidReply } from '@gavel/domain';
import { bidsApi } from '../api/bids.ts';
import { bitcoinApi } from '../api/bitcoin.ts';
import { loadWalletKit, type WalletKit } from '../wallet/load-wallet-kit.ts';
import { showLadderProgress } from '../wallet/ladder-progress.ts';
import { walletFailure } from '../wallet/wallet-failure.ts';
import { readWallet, type ConnectedWallet } from '../wallet/wallet-store.ts';

/** The offer was built but the wallet did not sign it: the bid is not placed (its offer just expires). */
export class BidSigningError extends Error {
  override name = 'BidSigningError';
  /** The wallet's own reason, in the spec's words ("PSBT signing cancelled by user", ...). */
  constructor(readonly reason: string) {
    super(messages.bids.signFailed);
  }
}

/**
 * The bid body with what a Bitcoin offer needs from the wallet paying it: where the inscription goes (the
 * ordinals address) and the payment key (taproot payment inputs need it in the PSBT).
 */
export function bidBody(body: PlaceBidBody, wallet: ConnectedWallet | null): PlaceBidBody {
  if (!wallet?.raw || wallet.type === 'evm' || body.walletAddress !== wallet.address) return body;
  return { ...body, ordinalsAddress: wallet.raw.ordinalAddress, ...(wallet.raw.paymentPublicKey ? { paymentPublicKey: wallet.raw.paymentPublicKey } : {}) };
}

/** The wallet signed the offer but finalize did not place it ("Failed to finalize bid" unless the api said why). */
export class BidFinalizeError extends Error {
  override name = 'BidFinalizeError';
  constructor(override readonly cause: unknown) {
    super(messages.bids.finalizeFailed);
  }
}

export async function placeBid(lotId: string, body: PlaceBidBody): Promise<PlaceBidReply> {
  const wallet = readWallet();
  const reply = await bidsApi.place(lotId, bidBody(body, wallet));
  const { ladder, psbtHex } = reply.data;
  const bidId = reply.data.bid._id;
  if (ladder) {
    const signedSteps = await signedBy((kit) => kit.signBidLadder(wallet, ladder, showLadderProgress, reply.data.inputsToSign));
    return finalize(lotId, { bidId, signedSteps });
  }
  if (!psbtHex) return reply;
  const signedPsbtHex = await signedBy((kit) => signOffer(kit, wallet, { psbtHex, inputsToSign: reply.data.inputsToSign }));
  return finalize(lotId, { bidId, signedPsbtHex });
}

/**
 * The wallet's one prompt for an offer: a binding offer (from the vault, `inputsToSign` given) is signed by the
 * ordinals key on the vault's cooperative leaf of those inputs, as a vault withdrawal is; today's offer by the
 * payment key on every input but the seller's.
 */
export function signOffer(kit: WalletKit, wallet: ConnectedWallet | null, offer: { psbtHex: string; inputsToSign?: number[] }): Promise<string> {
  if (!offer.inputsToSign) return kit.signBidPsbt(wallet, offer.psbtHex);
  const bytes = offer.psbtHex.match(/../g)!.map((pair) => Number.parseInt(pair, 16));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return kit.signVaultWithdrawal(wallet, offer.psbtHex, btoa(binary), offer.inputsToSign);
}

/** What the wallet signed; any refusal or failure a BidSigningError, with nothing finalized (a Buy Now signs the same way). */
export async function signedBy<T>(sign: (kit: WalletKit) => Promise<T>): Promise<T> {
  try {
    return await sign(await loadWalletKit());
  } catch (error) {
    throw new BidSigningError(await walletFailure(error, messages.bids.signFailed));
  } finally {
    showLadderProgress(null);
  }
}

async function finalize(lotId: string, body: Parameters<typeof bitcoinApi.finalizeBid>[1]): Promise<PlaceBidReply> {
  try {
    return await bitcoinApi.finalizeBid(lotId, body);
  } catch (error) {
    throw new BidFinalizeError(error);
  }
}
