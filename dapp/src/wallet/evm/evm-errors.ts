/**
 * Wallet and contract failures in the spec's words: a refused request is "cancelled by user", a
 * call that would revert is "Transaction would fail: {reason}" with the contract's own error name, the rest
 * keeps the library's short message.
 */
import { BaseError, ContractFunctionRevertedError, UserRejectedRequestError } from 'viem';
import { fill } from '@gavel/domain';
import { walletMessages } from '@gavel/domain/wallet-rules';

/** A message already in the spec's words: shown as is. */
export class WalletError extends Error {
  override name = 'WalletError';
}

export function isUserRejection(error: unknown): boolean {
  if (error instanceof BaseError && error.walk((e) => e instanceof UserRejectedRequestError)) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return code === 4001 || code === 'ACTION_REJECTED';
}

/** The revert reason of a simulated call: the custom error with its arguments, or the require message. */
export function revertReason(error: unknown): string | null {
  if (!(error instanceof BaseError)) return null;
  const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
  if (!(reverted instanceof ContractFunctionRevertedError)) return null;
  const data = reverted.data;
  if (data?.errorName) {
    const args = (data.args ?? []).map((arg) => String(arg));
    return args.length ? `${data.errorName}(${args.join(', ')})` : data.errorName;
  }
  return reverted.reason ?? reverted.shortMessage;
}

export function describeEvmError(error: unknown, fallback: string): string {
  if (error instanceof WalletError) return error.message;
  if (isUserRejection(error)) return walletMessages.cancelled;
  const reason = revertReason(error);
  if (reason) return fill(walletMessages.wouldFail, { reason });
  if (error instanceof BaseError) return `${fallback}: ${error.shortMessage}`;
  return error instanceof Error && error.message ? `${fallback}: ${error.message}` : fallback;
}
