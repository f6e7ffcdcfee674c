import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { sameAddress } from '@gavel/domain/wallet-rules';
import type { Wallet } from '@gavel/domain';
import { serverMessage } from '../../api/http.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { useMyWallets, walletApi } from '../../api/wallet.ts';
import { readToken } from '../../state/session-token.ts';
import { disconnectWallet } from '../../wallet/wallet-actions.ts';
import { disconnectFailure } from '../../wallet/wallet-failure.ts';
import { WalletBalance } from '../../wallet/WalletBalance.tsx';
import { headerAddress, useConnectedWallet, WALLET_TYPE_LABELS } from '../../wallet/wallet-store.ts';
import { VaultSection } from './VaultSection.tsx';

const PURPOSE_LABELS: Record<Wallet['purpose'], string> = { payment: 'Payment', ordinals: 'Ordinals (inscriptions are delivered here)' };

/**
 * The profile's linked wallets: each one's type, name, address (first 6 and last 4, the whole on hover), what it is
 * for, its balance, and Unlink. Unlinking the wallet connected in this browser disconnects it as well.
 */
export function WalletsSection() {
  const wallets = useMyWallets();
  const connected = useConnectedWallet();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function unlink(address: string) {
    setBusy(address);
    setFailure(null);
    try {
      if (connected?.linked && sameAddress(connected.address, address)) await disconnectWallet();
      else await walletApi.disconnect(address, readToken() ?? '');
      await queryClient.invalidateQueries({ queryKey: queryKeys.account.wallets });
    } catch (error) {
      setFailure(disconnectFailure(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <section className="account-card" data-testid="profile-wallets">
        <h2 className="account-card__title">Wallets</h2>
        {wallets.isPending && (
          <p className="account-card__text" data-testid="wallets-loading" aria-busy="true">
            Loading your wallets…
          </p>
        )}
        {wallets.isError && (
          <p className="account-card__text profile-wallets__error" role="alert" data-testid="wallets-error">
            {serverMessage(wallets.error) ?? 'Your wallets could not be loaded. Please try again later.'}
          </p>
        )}
        {wallets.data?.length === 0 && (
          <p className="account-card__text" data-testid="wallets-empty">
            No wallet linked yet. <Link to={`/connect-wallet?returnUrl=${encodeURIComponent('/profile')}`}>Connect Wallet</Link>
          </p>
        )}
        {wallets.data && wallets.data.length > 0 && (
          <ul className="profile-wallets">
            {wallets.data.map((wallet) => (
              <li key={wallet.id} className="profile-wallets__item" data-testid="profile-wallet" data-address={wallet.address}>
                <div className="profile-wallets__who">
                  <span className={`wallet-badge wallet-badge--${wallet.type}`} data-testid="profile-wallet-type">
                    {WALLET_TYPE_LABELS[wallet.type]}
                  </span>
                  {wallet.walletName && <span data-testid="profile-wallet-name">{wallet.walletName}</span>}
                  <code title={wallet.address} data-testid="profile-wallet-address">
                    {headerAddress(wallet.address)}
                  </code>
                </div>
                <span className="profile-wallets__purpose" data-testid="profile-wallet-purpose">
                  {PURPOSE_LABELS[wallet.purpose]}
                </span>
                <WalletBalance address={wallet.address} />
                <button type="button" className="btn btn--ghost profile-wallets__unlink" data-testid="profile-wallet-unlink" disabled={busy !== null} onClick={() => void unlink(wallet.address)}>
                  {busy === wallet.address ? 'Unlinking…' : 'Unlink'}
                </button>
              </li>
            ))}
          </ul>
        )}
        {failure && (
          <p className="profile-wallets__error" role="alert" data-testid="wallet-unlink-error">
            {failure}
          </p>
        )}
      </section>
      {wallets.data?.some((wallet) => wallet.purpose === 'ordinals') && <VaultSection />}
    </>
  );
}
