/**
 * The connect-wallet modal's Bitcoin tab: Xverse through sats-connect's JSON-RPC `request` (straight to
 * `window.XverseProviders.BitcoinProvider`, without its picker, which fetches fonts from the web), and
 * Leather through `window.LeatherProvider.request`, which sats-connect does not cover. Both give the
 * payment and ordinals addresses and sign the ownership challenge as BIP-322. Loaded only on demand.
 */
import { AddressPurpose, MessageSigningProtocols, request, RpcErrorCode } from 'sats-connect';
import { walletMessages } from '@gavel/domain/wallet-rules';
import type { BitcoinWalletRaw } from '../wallet-store.ts';
import { WalletError } from '../evm/evm-errors.ts';

interface LeatherAddress {
  symbol?: string;
  type?: string;
  address: string;
  publicKey?: string;
}
interface LeatherProvider {
  request(method: string, params?: unknown): Promise<{ result?: unknown; error?: { code?: number; message?: string } }>;
}
declare global {
  interface Window {
    LeatherProvider?: LeatherProvider;
  }
}

export const XVERSE_PROVIDER = 'XverseProviders.BitcoinProvider';

export const leatherInstalled = () => typeof window !== 'undefined' && !!window.LeatherProvider;
export const xverseInstalled = () => typeof window !== 'undefined' && !!(window.XverseProviders?.BitcoinProvider || window.BitcoinProvider);

type RpcError = { code?: number; message?: string } | undefined;

/** The user said no: 4001 (Leather, EIP-1193 style) or sats-connect's USER_REJECTION. */
export const isRejection = (error: RpcError) => error?.code === 4001 || error?.code === RpcErrorCode.USER_REJECTION;

/** A JSON-RPC error from either wallet: a refusal in the spec's words (`cancelled`), else `fallback` with the wallet's reason. */
export function rpcFailure(error: RpcError, cancelled: string, fallback: string): WalletError {
  if (isRejection(error)) return new WalletError(cancelled);
  return new WalletError(error?.message ? `${fallback}: ${error.message}` : fallback);
}

/** Leather rejects the promise with the JSON-RPC reply itself; resolve both shapes to a reply. */
export async function leather(method: string, params?: unknown) {
  const provider = window.LeatherProvider;
  if (!provider) throw new WalletError(walletMessages.leatherMissing);
  try {
    return await provider.request(method, params);
  } catch (reply) {
    const error = (reply as { error?: { code?: number; message?: string } }).error ?? (reply as { code?: number; message?: string });
    return { error };
  }
}

export async function connectLeather(): Promise<{ address: string; raw: BitcoinWalletRaw }> {
  const reply = await leather('getAddresses');
  if (reply.error) throw rpcFailure(reply.error, walletMessages.cancelled, walletMessages.connectFailed);
  const addresses = ((reply.result as { addresses?: LeatherAddress[] } | undefined)?.addresses ?? []).filter((a) => !a.symbol || a.symbol === 'BTC');
  const payment = addresses.find((a) => a.type === 'p2wpkh');
  const ordinals = addresses.find((a) => a.type === 'p2tr');
  if (!payment) throw new WalletError(walletMessages.noHiroAddresses);
  return {
    address: payment.address,
    raw: {
      paymentAddress: payment.address,
      paymentPublicKey: payment.publicKey ?? '',
      ordinalAddress: ordinals?.address ?? payment.address,
      ordinalPublicKey: ordinals?.publicKey ?? payment.publicKey ?? '',
    },
  };
}

export async function connectXverse(): Promise<{ address: string; raw: BitcoinWalletRaw }> {
  if (!xverseInstalled()) throw new WalletError(walletMessages.xverseMissing);
  const reply = await request('getAccounts', { purposes: [AddressPurpose.Payment, AddressPurpose.Ordinals], message: 'Connect your wallet to Gavel' }, XVERSE_PROVIDER);
  if (reply.status === 'error') throw rpcFailure(reply.error, walletMessages.cancelled, walletMessages.connectFailed);
  const payment = reply.result.find((a) => a.purpose === AddressPurpose.Payment);
  const ordinals = reply.result.find((a) => a.purpose === AddressPurpose.Ordinals);
  if (!payment) throw new WalletError(walletMessages.noXverseAddresses);
  return {
    address: payment.address,
    raw: {
      paymentAddress: payment.address,
      paymentPublicKey: payment.publicKey,
      ordinalAddress: ordinals?.address ?? payment.address,
      ordinalPublicKey: ordinals?.publicKey ?? payment.publicKey,
    },
  };
}

/**
 * A BIP-322 signature (base64) of `message` by `address`, the wallet's payment or ordinals address. Xverse takes
 * the address; Leather its key's kind (p2wpkh for payment, p2tr for ordinals).
 */
export async function signWithBitcoin(type: 'hiro' | 'xverse', address: string, message: string, purpose: 'payment' | 'ordinals'): Promise<string> {
  if (type === 'hiro') {
    const network = address.startsWith('bc1') ? 'mainnet' : 'testnet';
    const reply = await leather('signMessage', { message, paymentType: purpose === 'ordinals' ? 'p2tr' : 'p2wpkh', network });
    if (reply.error) throw rpcFailure(reply.error, walletMessages.messageCancelled, 'Failed to sign message');
    const signature = (reply.result as { signature?: string } | undefined)?.signature;
    if (!signature) throw new WalletError('Failed to sign message');
    return signature;
  }
  const reply = await request('signMessage', { address, message, protocol: MessageSigningProtocols.BIP322 }, XVERSE_PROVIDER);
  if (reply.status === 'error') throw rpcFailure(reply.error, walletMessages.messageCancelled, 'Failed to sign message');
  return reply.result.signature;
}
