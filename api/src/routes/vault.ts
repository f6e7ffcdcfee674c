/**
 * A bidder's vault (bitcoin/vault/): open it with the key of your linked ordinals address, read it and its
 * balance, and withdraw or refresh its free coins. A withdrawal is built here, signed by your wallet (the
 * cooperative leaf, one prompt), checked here, and co-signed and broadcast by the worker.
 */
import {
  checkBitcoinAddress,
  vaultBalanceReplySchema,
  vaultOpenBodySchema,
  vaultReplySchema,
  vaultWithdrawalBodySchema,
  vaultWithdrawalReplySchema,
  vaultWithdrawalSignBodySchema,
} from '@gavel/domain';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { Refused } from '../refused.ts';
import { isLinkedTo } from '../wallet/linked.ts';

const TAG = 'Bitcoin vault';

export function vaultRoutes(routes: RouteTable, { db, config, vaults, log }: Services): void {
  const mine = async (userId: string) => {
    const row = await vaults.mine(userId);
    if (!row) throw new Refused('not_found', 'You have no vault yet: open one with your ordinals key (POST /wallet/vault)', 'vault_not_found');
    return row;
  };
  const balanceOf = async (row: Awaited<ReturnType<typeof mine>>) =>
    vaults.balance(row).catch((error: unknown) => {
      log.warn({ err: error, address: row.address }, 'vault balance read failed');
      throw new Refused('unavailable', 'The balance of your vault is temporarily unavailable', 'balance_unavailable');
    });

  routes.add({
    method: 'post',
    path: '/wallet/vault',
    tag: TAG,
    summary: 'Open your vault (or get it again): the taproot output your Bitcoin bids are made from',
    description:
      '`ordinalsPublicKey` is the x-only key of the ordinals (taproot) address linked to your account, as your wallet reports it; its BIP86 address must be that linked address. ' +
      'One vault per bidder and Gavel key version, the same one every time. Leaves: you and Gavel together, or you alone N blocks after each output confirms.',
    access: {},
    body: vaultOpenBodySchema,
    reply: vaultReplySchema,
    status: 201,
    errors: { 403: 'This key is not the key of an ordinals address linked to your account', 503: 'Vaults are not available' },
    handler: async ({ body, user }) => ({ data: vaults.present(await vaults.open(user.id, body.ordinalsPublicKey)) }),
  });

  routes.add({
    method: 'get',
    path: '/wallet/vault',
    tag: TAG,
    summary: 'Your vault: address, descriptor, exit delay N and Gavel key version',
    access: {},
    reply: vaultReplySchema,
    errors: { 404: 'You have no vault yet' },
    handler: async ({ user }) => ({ data: vaults.present(await mine(user.id)) }),
  });

  routes.add({
    method: 'get',
    path: '/wallet/vault/balance',
    rateLimit: 'lookups',
    tag: TAG,
    summary: "Your vault's balance: confirmed, committed to leading bids, free, and until when it holds (exit date)",
    description: `Counts outputs with at least BITCOIN_VAULT_CONFIRMATIONS confirmations (${config.vault.confirmations} here) whose exit height is more than BITCOIN_VAULT_REFRESH_BLOCKS away; each output is listed with its exit height and date.`,
    access: {},
    reply: vaultBalanceReplySchema,
    errors: { 404: 'You have no vault yet', 503: 'The balance of your vault is temporarily unavailable' },
    handler: async ({ user }) => {
      const row = await mine(user.id);
      return { data: vaults.presentBalance(row, await balanceOf(row)) };
    },
  });

  routes.add({
    method: 'post',
    path: '/wallet/vault/withdrawals',
    rateLimit: 'bids',
    tag: TAG,
    summary: 'Withdraw your free vault coins to your own address, or refresh them into your current vault',
    description:
      '`withdraw` pays `toAddress`, which must be linked to your account (default: your ordinals address); `refresh` pays your vault of the current Gavel key, resetting the exit clock. ' +
      'Answers the PSBT to sign: each input spends the cooperative leaf; sign every input with your ordinals key, then POST it to /wallet/vault/withdrawals/:id/sign.',
    access: {},
    body: vaultWithdrawalBodySchema,
    reply: vaultWithdrawalReplySchema,
    status: 201,
    errors: { 403: 'The address is not linked to your account', 404: 'You have no vault yet', 409: 'A withdrawal from this vault is already open' },
    handler: async ({ body, user }) => {
      const row = await mine(user.id);
      let to: string;
      if (body.kind === 'refresh') {
        to = (await vaults.open(user.id, row.bidderKey)).address;
      } else {
        to = (body.toAddress ?? row.ordinalsAddress).toLowerCase();
        const check = checkBitcoinAddress(to, config.bitcoin.network);
        if (!check.ok) throw new Refused('invalid', check.message, 'invalid_address', { toAddress: check.message });
        if (!(await isLinkedTo(db, user.id, to)))
          throw new Refused('forbidden', 'Withdrawals go only to an address linked to your account', 'wallet_not_linked', { toAddress: 'Not linked to your account' });
      }
      const withdrawal = await vaults.startWithdrawal(row, body.kind, to, body.feeRate);
      return { message: 'Sign the withdrawal in your wallet', data: vaults.presentWithdrawal(withdrawal) };
    },
  });

  const withdrawalOf = async (userId: string, id: string) => {
    const found = await vaults.withdrawalOf(userId, id);
    if (!found) throw new Refused('not_found', 'Withdrawal not found', 'withdrawal_not_found');
    return found;
  };

  routes.add({
    method: 'post',
    path: '/wallet/vault/withdrawals/:id/sign',
    rateLimit: 'bids',
    tag: TAG,
    summary: 'Hand in the withdrawal PSBT your wallet signed; Gavel checks it, co-signs and broadcasts',
    description:
      'Each input must carry your signature on the cooperative leaf (SIGHASH_DEFAULT or ALL) over the withdrawal exactly as built. Answers at once with status `signed`; read the withdrawal for its txid.',
    access: {},
    body: vaultWithdrawalSignBodySchema,
    reply: vaultWithdrawalReplySchema,
    status: 202,
    errors: { 404: 'Withdrawal not found', 409: 'This withdrawal no longer waits for a signature' },
    handler: async ({ body, user, params }) => {
      const withdrawal = await withdrawalOf(user.id, params.id!);
      const signed = await vaults.submitSignature(withdrawal, body.signedPsbtHex);
      return { message: 'Signature checked: Gavel co-signs and sends it now', data: vaults.presentWithdrawal(signed) };
    },
  });

  routes.add({
    method: 'get',
    path: '/wallet/vault/withdrawals/:id',
    tag: TAG,
    summary: 'Where a withdrawal stands: awaiting your signature, signed, broadcast (with its txid), failed or expired',
    access: {},
    reply: vaultWithdrawalReplySchema,
    errors: { 404: 'Withdrawal not found' },
    handler: async ({ user, params }) => ({ data: vaults.presentWithdrawal(await withdrawalOf(user.id, params.id!)) }),
  });
}
