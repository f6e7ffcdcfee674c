import { useCallback, useEffect, useRef, useState } from 'react';
import { COPIED_MS, walletMessages } from '@gavel/domain/wallet-rules';
import { WalletIcon } from '../components/icons/icons.tsx';
import { useDismiss } from '../components/popover/use-dismiss.ts';
import { useNotify } from '../components/toast/use-notify.ts';
import { disconnectWallet } from './wallet-actions.ts';
import { disconnectFailure } from './wallet-failure.ts';
import { headerAddress, useConnectedWallet, WALLET_TYPE_LABELS } from './wallet-store.ts';
import { WalletBalance } from './WalletBalance.tsx';
import './wallet.css';

/**
 * The header's wallet and its dropdown: the address as first 6 + last 4, opening the dropdown with the full
 * short address, the wallet type badge, its balance (read only while open), Copy Address ("Copied!" for 2 s) and
 * Disconnect Wallet. Nothing shows while no wallet is connected (the profile menu offers Connect Wallet then).
 */
export function WalletMenu() {
  const wallet = useConnectedWallet();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(root, open, close);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  if (!wallet) return null;

  async function copy() {
    try {
      await navigator.clipboard.writeText(wallet!.address);
      setCopied(true);
    } catch {
      notify.failure(null, walletMessages.copyFailed);
    }
  }

  async function disconnect() {
    setBusy(true);
    try {
      await disconnectWallet();
      close();
    } catch (error) {
      notify.failure(error, disconnectFailure(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="wallet-menu" ref={root}>
      <button type="button" className="wallet-menu__button" aria-haspopup="menu" aria-expanded={open} data-testid="header-wallet" title={wallet.address} onClick={() => setOpen((value) => !value)}>
        <WalletIcon width={16} height={16} />
        <span>{headerAddress(wallet.address)}</span>
      </button>
      {open && (
        <div className="dropdown-panel wallet-menu__panel" role="menu" data-testid="wallet-dropdown">
          <p className="wallet-menu__who">
            <code>{headerAddress(wallet.address)}</code>
            <span className={`wallet-badge wallet-badge--${wallet.type}`} data-testid="wallet-type-badge">
              {WALLET_TYPE_LABELS[wallet.type]}
            </span>
          </p>
          <p className="wallet-menu__name">
            {wallet.walletName}
            {wallet.linked ? '' : ' · not linked to an account'}
          </p>
          <p className="wallet-menu__balance">
            <WalletBalance address={wallet.address} />
          </p>
          <button type="button" role="menuitem" className="profile-menu__item profile-menu__item--button" data-testid="wallet-copy" onClick={() => void copy()}>
            {copied ? walletMessages.copied : 'Copy Address'}
          </button>
          <button type="button" role="menuitem" className="profile-menu__item profile-menu__item--button" data-testid="wallet-disconnect" disabled={busy} onClick={() => void disconnect()}>
            Disconnect Wallet
          </button>
        </div>
      )}
    </div>
  );
}
