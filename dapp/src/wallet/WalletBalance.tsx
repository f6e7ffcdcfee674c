import { displayAmount, formatAmount, type walletBalanceSchema } from '@gavel/domain';
import { serverMessage } from '../api/http.ts';
import { useWalletBalance } from '../api/wallet.ts';

type Balance = Pick<(typeof walletBalanceSchema)['_output'], 'unit' | 'raw'>;

/** "12,500 sats (0.000125 BTC)" or "1.5 ETH": a Bitcoin balance in sats, as lots are, with its BTC beside it. */
export function balanceText({ unit, raw }: Balance): string {
  const value = BigInt(raw);
  if (unit === 'ETH') return displayAmount(value, 'ETH');
  // A bitcoin is 10^8 sats: scaled by 10^10 they are a count of 18-decimal units, which ETH's formatting prints exactly.
  const btc = formatAmount(value * 10n ** 10n, 'ETH');
  return `${displayAmount(value, 'sats')} (${btc} BTC)`;
}

const UNAVAILABLE = 'Balance unavailable';

/**
 * An address's balance, read again every 30 s while shown: "Loading balance…" first, the api's reason (or
 * "Balance unavailable") when it cannot be read.
 */
export function WalletBalance({ address }: { address: string }) {
  const balance = useWalletBalance(address);
  if (balance.isPending)
    return (
      <span className="wallet-balance" data-testid="wallet-balance" data-state="loading" aria-busy="true">
        Loading balance…
      </span>
    );
  if (balance.isError) {
    return (
      <span className="wallet-balance wallet-balance--error" data-testid="wallet-balance" data-state="error">
        {serverMessage(balance.error) ?? UNAVAILABLE}
      </span>
    );
  }
  return (
    <span className="wallet-balance" data-testid="wallet-balance" data-state="ready">
      {balanceText(balance.data)}
    </span>
  );
}
