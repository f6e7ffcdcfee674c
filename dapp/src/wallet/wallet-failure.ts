/**
 * One failure text for any wallet action: the api's message when the api refused, the spec's words for wallet
 * and contract errors ("Transaction would fail: {reason}", "Connection cancelled by user", ...), else `fallback`.
 */
import { fill } from '@gavel/domain';
import { walletMessages } from '@gavel/domain/wallet-rules';
import { isRetryable, serverMessage } from '../api/http.ts';
import { loadWalletKit } from './load-wallet-kit.ts';

export async function walletFailure(error: unknown, fallback: string): Promise<string> {
  const fromServer = serverMessage(error);
  if (fromServer) return fromServer;
  const kit = await loadWalletKit().catch(() => null);
  if (!kit) return error instanceof Error && error.message ? error.message : fallback;
  if (error instanceof kit.WalletError) return error.message;
  if (error instanceof Error && !('shortMessage' in error) && error.message && !(error as { code?: unknown }).code) return error.message;
  return kit.describeEvmError(error, fallback);
}

/** Texts a failed connect shows as they are: they already say what happened and what to do. */
const CONNECT_TEXTS_AS_IS = new Set<string>([walletMessages.connectFailed, walletMessages.cancelled, walletMessages.messageCancelled, walletMessages.leatherMissing, walletMessages.xverseMissing]);

/**
 * A failed connect in the spec's words: the api's message when it refused the link, the wallet's own plain
 * texts (cancelled, not installed), else "Failed to connect {wallet}: {reason}" with the wallet's reason, which
 * the wallet code may have put after the generic "Failed to connect wallet: ".
 */
export async function connectFailure(error: unknown, walletName: string): Promise<string> {
  const text = await walletFailure(error, walletMessages.connectFailed);
  if (serverMessage(error) || CONNECT_TEXTS_AS_IS.has(text)) return text;
  const generic = `${walletMessages.connectFailed}: `;
  const reason = text.startsWith(generic) ? text.slice(generic.length) : text;
  return fill(walletMessages.connectFailedNamed, { wallet: walletName, reason });
}

/**
 * A failed disconnect: the api's message when it refused; a failure that may pass (the network, a server error)
 * asks to try again ("Failed to disconnect wallet. Please try again."); anything else "Failed to disconnect wallet".
 */
export function disconnectFailure(error: unknown): string {
  return serverMessage(error) ?? (isRetryable(error) ? walletMessages.disconnectRetry : walletMessages.disconnectFailed);
}
