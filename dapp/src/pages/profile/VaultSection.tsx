import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { BLOCK_INTERVAL_MS } from '@gavel/domain/bitcoin-vault';
import { serverMessage } from '../../api/http.ts';
import { useMyVault, useVaultBalance, vaultApi, vaultKeys } from '../../api/vault.ts';
import { formatDateTime, viewerTimeZone } from '../../dates/format-date.ts';
import { loadWalletKit } from '../../wallet/load-wallet-kit.ts';
import { useConnectedWallet } from '../../wallet/wallet-store.ts';

const sats = (n: number) => `${n.toLocaleString('en-US')} sats`;
const failureOf = (error: unknown) => serverMessage(error) ?? (error instanceof Error ? error.message : 'Something went wrong. Please try again.');

/**
 * My wallet's Bitcoin vault: the address and descriptor, a Fund button (the connected wallet sends to the vault in
 * one prompt), the balance (confirmed, committed to leading bids, free, until when it holds, in the viewer's named
 * time zone), and a withdrawal of the free coins (one wallet prompt; Gavel checks, co-signs and sends it).
 */
export function VaultSection() {
  const vault = useMyVault();
  const balance = useVaultBalance(!!vault.data);
  const connected = useConnectedWallet();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('50000');
  const [busy, setBusy] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function act(what: string, run: () => Promise<string>) {
    setBusy(what);
    setFailure(null);
    setNote(null);
    try {
      setNote(await run());
      await queryClient.invalidateQueries({ queryKey: vaultKeys.vault });
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setBusy(null);
    }
  }

  const open = () =>
    act('open', async () => {
      const key = connected?.raw?.ordinalPublicKey;
      if (!key) throw new Error('Connect your Bitcoin wallet (Xverse or Leather) first: the vault is made from its ordinals key.');
      await vaultApi.open(key.slice(-64));
      return 'Your vault is open.';
    });

  const fund = (address: string) =>
    act('fund', async () => {
      const value = Number(amount);
      if (!Number.isSafeInteger(value) || value < 330) throw new Error('Enter a whole number of sats, at least 330.');
      const txid = await (await loadWalletKit()).fundVault(connected, address, value);
      return `Sent (${txid.slice(0, 10)}…): it counts once confirmed.`;
    });

  const withdraw = (kind: 'withdraw' | 'refresh') =>
    act(kind, async () => {
      const kit = await loadWalletKit();
      const started = await vaultApi.withdraw({ kind });
      const signed = await kit.signVaultWithdrawal(connected, started.psbtHex, started.psbtBase64, started.inputsToSign);
      let view = await vaultApi.sign(started.id, signed);
      for (let tries = 0; view.status === 'signed' && tries < 60; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        view = await vaultApi.withdrawal(started.id);
      }
      if (view.status !== 'broadcast') throw new Error(view.error ?? 'Gavel could not send the withdrawal yet. Please check again shortly.');
      return `${kind === 'refresh' ? 'Refreshed' : 'Withdrawn'}: ${sats(view.amount)} sent (${view.txid!.slice(0, 10)}…).`;
    });

  const v = vault.data;
  const b = balance.data;
  return (
    <section className="account-card" data-testid="vault-section">
      <h2 className="account-card__title">Bitcoin vault</h2>
      <p className="account-card__text">
        Your Bitcoin bids are made from your vault: coins only you and Gavel together can move, and that you alone can take back {v ? v.csvBlocks.toLocaleString('en-US') : '4,320'} blocks after they
        confirm. Gavel can never move them alone. <Link to="/vault-exit">If Gavel is gone</Link>
      </p>
      {vault.isPending && <p className="account-card__text">Loading your vault…</p>}
      {vault.data === null && (
        <button type="button" className="btn btn--primary" data-testid="vault-open" disabled={busy !== null} onClick={() => void open()}>
          {busy === 'open' ? 'Opening…' : 'Open my vault'}
        </button>
      )}
      {v && (
        <>
          <dl className="vault-details">
            <dt>Address</dt>
            <dd>
              <code data-testid="vault-address">{v.address}</code>
            </dd>
            <dt>Descriptor</dt>
            <dd>
              <code data-testid="vault-descriptor" style={{ wordBreak: 'break-all' }}>
                {v.descriptor}
              </code>
            </dd>
            <dt>Exit delay</dt>
            <dd data-testid="vault-csv">
              {v.csvBlocks.toLocaleString('en-US')} blocks (about {Math.round((v.csvBlocks * BLOCK_INTERVAL_MS) / 86_400_000)} days) · Gavel key version {v.keyVersion}
            </dd>
          </dl>
          <div className="vault-fund">
            <label>
              Amount (sats) <input data-testid="vault-fund-amount" inputMode="numeric" value={amount} onChange={(event) => setAmount(event.target.value)} />
            </label>
            <button type="button" className="btn btn--primary" data-testid="vault-fund" disabled={busy !== null} onClick={() => void fund(v.address)}>
              {busy === 'fund' ? 'Waiting for your wallet…' : 'Fund'}
            </button>
          </div>
          {b && (
            <dl className="vault-balance" data-testid="vault-balance">
              <dt>Confirmed</dt>
              <dd data-testid="vault-balance-confirmed">{sats(b.confirmed)}</dd>
              <dt>Committed to leading bids</dt>
              <dd data-testid="vault-balance-committed">{sats(b.committed)}</dd>
              <dt>Free</dt>
              <dd data-testid="vault-balance-free">{sats(b.free)}</dd>
              <dt>Waiting for confirmation</dt>
              <dd data-testid="vault-balance-pending">{sats(b.pending)}</dd>
              <dt>Holds until</dt>
              <dd data-testid="vault-exit-date">{b.exitAt ? `${formatDateTime(b.exitAt)} (${viewerTimeZone()}); refresh before then` : '—'}</dd>
            </dl>
          )}
          {balance.isError && <p role="alert">{failureOf(balance.error)}</p>}
          <button type="button" className="btn" data-testid="vault-withdraw" disabled={busy !== null || !b || b.free === 0} onClick={() => void withdraw('withdraw')}>
            {busy === 'withdraw' ? 'Withdrawing…' : 'Withdraw free coins'}
          </button>{' '}
          <button type="button" className="btn btn--ghost" data-testid="vault-refresh" disabled={busy !== null || !b || b.outputs.length === 0} onClick={() => void withdraw('refresh')}>
            {busy === 'refresh' ? 'Refreshing…' : 'Refresh'}
          </button>
        </>
      )}
      {note && (
        <p className="account-card__text" role="status" data-testid="vault-note">
          {note}
        </p>
      )}
      {failure && (
        <p className="profile-wallets__error" role="alert" data-testid="vault-error">
          {failure}
        </p>
      )}
    </section>
  );
}
