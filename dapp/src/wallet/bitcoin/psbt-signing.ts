/**
 * Signing PSBTs with the connected Bitcoin wallet: a bidder signs their offer's inputs, the seller co-signs the
 * winning offer's inscription input. Xverse through sats-connect's `signPsbt`, Leather through
 * `LeatherProvider.request('signPsbt')`. Every refusal and failure comes out as a WalletError in the words of both
 * specs' error catalogues.
 */
import { request } from 'sats-connect';
import { walletMessages } from '@gavel/domain/wallet-rules';
import type { ConnectedWallet, BitcoinWalletRaw } from '../wallet-store.ts';
import { WalletError } from '../evm/evm-errors.ts';
import { isRejection, leather, leatherInstalled, rpcFailure, XVERSE_PROVIDER, xverseInstalled } from './bitcoin-client.ts';
import { bidderSignRequest, leatherSignParams, sellerSignRequest, signedPsbtHex, xverseSignParams, type SignPsbtRequest } from './psbt-request.ts';

/** Who signs: a bidder pays with the PSBT, the seller hands over the inscription. */
export type SigningRole = 'bidder' | 'seller';

export type BitcoinWallet = ConnectedWallet & { type: 'hiro' | 'xverse'; raw: BitcoinWalletRaw };

/** The wallet that can sign, or the spec's reason it cannot, checked before anything is asked of it. */
export function bitcoinSigner(wallet: ConnectedWallet | null): BitcoinWallet {
  if (!wallet) throw new WalletError(walletMessages.connectFirst);
  if (wallet.type !== 'hiro' && wallet.type !== 'xverse') throw new WalletError(walletMessages.unsupportedType);
  if (!leatherInstalled() && !xverseInstalled()) throw new WalletError(walletMessages.noBitcoinWallet);
  if (wallet.type === 'hiro' && !leatherInstalled()) throw new WalletError(walletMessages.leatherMissing);
  if (wallet.type === 'xverse' && !xverseInstalled()) throw new WalletError(walletMessages.xverseMissing);
  if (!wallet.raw?.paymentAddress) throw new WalletError(walletMessages.noAddress);
  return wallet as BitcoinWallet;
}

/**
 * A wallet's JSON-RPC error in the spec's words. A refusal (4001, sats-connect's USER_REJECTION) is "PSBT
 * signing cancelled by user", except a bidder turning Xverse down, which Xverse shows as a payment:
 * "Xverse: payment rejected by user".
 */
export function psbtFailure(type: 'hiro' | 'xverse', role: SigningRole, error: { code?: number; message?: string } | undefined): WalletError {
  if (type === 'xverse' && !isRejection(error)) return new WalletError(walletMessages.xverseNotSigned);
  const cancelled = type === 'xverse' && role === 'bidder' ? walletMessages.xversePaymentRejected : walletMessages.psbtCancelled;
  return rpcFailure(error, cancelled, 'Failed to sign transaction');
}

/** One PSBT signed in one wallet prompt, as hex. */
export async function signPsbtWith(wallet: BitcoinWallet, role: SigningRole, signing: SignPsbtRequest): Promise<string> {
  if (wallet.type === 'hiro') {
    const reply = await leather('signPsbt', leatherSignParams(signing));
    if (reply.error) throw psbtFailure('hiro', role, reply.error);
    const signed = signedPsbtHex(reply.result as { hex?: string } | undefined);
    if (!signed) throw psbtFailure('hiro', role, undefined);
    return signed;
  }
  const reply = await request('signPsbt', xverseSignParams(signing), XVERSE_PROVIDER);
  if (reply.status === 'error') throw psbtFailure('xverse', role, reply.error);
  const signed = signedPsbtHex(reply.result);
  if (!signed) throw new WalletError(walletMessages.xverseNotSigned);
  return signed;
}

/** The bidder's offer PSBT (from POST /auctions/:id/bids) signed by their wallet, as hex for the finalize call. */
export async function signBidPsbt(connected: ConnectedWallet | null, psbtHex: string): Promise<string> {
  const wallet = bitcoinSigner(connected);
  return signPsbtWith(wallet, 'bidder', bidderSignRequest(psbtHex, wallet.raw));
}

/** The winning offer co-signed by the seller's wallet from `sellerAddress` (its payment or ordinals address). */
export async function signSellerPsbt(connected: ConnectedWallet | null, psbtHex: string, sellerInputIndices: number[], sellerAddress: string): Promise<string> {
  const wallet = bitcoinSigner(connected);
  return signPsbtWith(wallet, 'seller', sellerSignRequest(psbtHex, sellerInputIndices, sellerAddress, wallet.raw));
}
