import { useEffect, useState } from 'react';
import { fill } from '@gavel/domain';
import { walletMessages } from '@gavel/domain/wallet-rules';
import { Modal } from '../components/modal/Modal.tsx';
import { loadWalletKit } from './load-wallet-kit.ts';
import { BITCOIN_DOWNLOADS, BITCOIN_WALLETS, EVM_CATALOG, type CatalogEntry } from './wallet-catalog.ts';
import { connectWallet, type WalletChoice } from './wallet-actions.ts';
import { connectFailure } from './wallet-failure.ts';
import type { ConnectedWallet } from './wallet-store.ts';
import './wallet.css';

type Tab = 'bitcoin' | 'evm';
/** Extensions inject their providers a moment after the page loads. */
const DETECTION_DELAY_MS = 500;

interface InstallState {
  installed: boolean;
  downloadUrl: string | null;
}

async function detect(tab: Tab): Promise<Record<string, InstallState>> {
  const kit = await loadWalletKit();
  if (tab === 'bitcoin') {
    return {
      leather: { installed: kit.leatherInstalled(), downloadUrl: BITCOIN_DOWNLOADS.leather! },
      xverse: { installed: kit.xverseInstalled(), downloadUrl: BITCOIN_DOWNLOADS.xverse! },
    };
  }
  return Object.fromEntries(
    EVM_CATALOG.map(({ id }) => {
      const info = kit.evmWalletInfo(id);
      return [id, { installed: info.installed, downloadUrl: info.downloadUrl }];
    }),
  );
}

interface ConnectWalletModalProps {
  open: boolean;
  onClose: () => void;
  onConnected: (wallet: ConnectedWallet) => void;
  /** Which tab opens first: the lot page asks for the kind of wallet its lot needs. */
  initialTab?: Tab;
}

/**
 * The connect-wallet modal: a Bitcoin tab (Leather, Popular; Xverse Wallet) and an EVM tab (Trust Wallet, Popular; MetaMask,
 * Recent; Rainbow; Base Account; WalletConnect). A missing extension shows a download arrow to its install
 * page (new tab); while a wallet is asked, "Connecting to wallet..."; a failure shows inline in the spec's words.
 * Opening it is the wallet action that fetches the wallet code.
 */
export function ConnectWalletModal({ open, onClose, onConnected, initialTab = 'bitcoin' }: ConnectWalletModalProps) {
  const [tab, setTab] = useState<Tab>(initialTab);
  const [installs, setInstalls] = useState<Record<string, InstallState>>({});
  const [connecting, setConnecting] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The missing wallet the error is about: its install page is offered beside the message. */
  const [missing, setMissing] = useState<{ name: string; url: string } | null>(null);

  useEffect(() => {
    if (!open) return;
    let live = true;
    const refresh = () =>
      detect(tab).then(
        (found) => {
          if (live) setInstalls((old) => ({ ...old, ...found }));
        },
        () => {},
      );
    void refresh();
    const timer = setTimeout(() => void refresh(), DETECTION_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [open, tab]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: opening and switching tab both clear the last error
  useEffect(() => {
    if (!open) return;
    setError(null);
    setMissing(null);
  }, [open, tab]);

  /** Says at once that the picked wallet is not installed (an EVM extension would otherwise fall back to a relay and hang). */
  async function refuseMissing(entry: CatalogEntry): Promise<boolean> {
    let install = installs[entry.id];
    if (tab === 'evm') {
      const info = await loadWalletKit().then(
        (kit) => kit.evmWalletInfo(entry.id),
        () => null,
      );
      install = info ? { installed: info.installed, downloadUrl: info.downloadUrl } : install;
      if (install) setInstalls((old) => ({ ...old, [entry.id]: install! }));
    }
    if (install?.installed !== false) return false;
    const text = tab === 'evm' ? fill(walletMessages.evmMissing, { wallet: entry.name }) : entry.id === 'leather' ? walletMessages.leatherMissing : walletMessages.xverseMissing;
    setError(text);
    setMissing(install.downloadUrl ? { name: entry.name, url: install.downloadUrl } : null);
    return true;
  }

  async function choose(entry: CatalogEntry) {
    const choice: WalletChoice = tab === 'bitcoin' ? { kind: 'bitcoin', id: entry.id as 'leather' | 'xverse' } : { kind: 'evm', id: entry.id };
    setMissing(null);
    if (await refuseMissing(entry)) return;
    setError(null);
    setConnecting(entry.id);
    try {
      onConnected(await connectWallet(choice));
    } catch (failure) {
      setError(await connectFailure(failure, entry.name));
    } finally {
      setConnecting(null);
    }
  }

  const entries = tab === 'bitcoin' ? BITCOIN_WALLETS : EVM_CATALOG;
  return (
    <Modal open={open} title="Connect Wallet" onClose={onClose} testId="connect-wallet-modal">
      <div className="connect-wallet__tabs" role="tablist">
        {(['bitcoin', 'evm'] as const).map((value) => (
          <button key={value} type="button" role="tab" className="connect-wallet__tab" aria-selected={tab === value} data-testid={`wallet-tab-${value}`} onClick={() => setTab(value)}>
            {value === 'bitcoin' ? 'Bitcoin' : 'EVM'}
          </button>
        ))}
      </div>
      <ul className="connect-wallet__list">
        {entries.map((entry) => {
          const install = installs[entry.id];
          return (
            <li key={entry.id}>
              <div className="connect-wallet__row">
                <button type="button" className="connect-wallet__option" data-testid={`wallet-option-${entry.id}`} disabled={connecting !== null} onClick={() => void choose(entry)}>
                  <span>{entry.name}</span>
                  {entry.badge && <span className="connect-wallet__badge">{entry.badge}</span>}
                </button>
                {install && !install.installed && install.downloadUrl && (
                  <a
                    className="connect-wallet__download"
                    href={install.downloadUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`Install ${entry.name}`}
                    title={`Install ${entry.name}`}
                    data-testid={`wallet-download-${entry.id}`}
                  >
                    ↓
                  </a>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {connecting && (
        <p className="connect-wallet__status" role="status" data-testid="wallet-connecting">
          {walletMessages.connecting}
        </p>
      )}
      {error && (
        <p className="connect-wallet__error" role="alert" data-testid="wallet-error">
          {error}
        </p>
      )}
      {error && missing && (
        <a className="connect-wallet__install" href={missing.url} target="_blank" rel="noopener noreferrer" data-testid="wallet-error-install">
          Install {missing.name}
        </a>
      )}
    </Modal>
  );
}
