/**
 * One failure text for any wallet action: the api's message when the api refused, the spec's words for wallet
 * and contract errors ("Transaction would fail: {reason}", "Connection cancelled by user", ...), else `fallback`.
 */
import { serverMessage } from '../api/http.ts';
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
