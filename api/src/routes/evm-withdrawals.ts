/**
 * POST /evm-withdrawals: the dapp reports the transaction of a `withdraw` on the
 * auction house. The record is a claim until the chain settles it (chain/withdrawals.ts): confirmed by the
 * indexed Withdrawn event of that transaction from that wallet, failed by a revert. Until then the wallet's
 * outbid bids show withdrawalStatus 'withdrawing'. Only the transaction's own sender may report it: its `from`, read
 * from the node, must be the reported wallet, one the caller proved is theirs.
 */
import { chainMessages, evmWithdrawalBodySchema, evmWithdrawalReplySchema, txHash, walletProofMessages } from '@gavel/domain';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { presentWithdrawal, reportedWithdrawal, reportWithdrawal } from '../chain/withdrawals.ts';

const TAG = 'Wallet';

const messageOf = (status: 'pending' | 'confirmed' | 'failed') =>
  status === 'confirmed' ? chainMessages.withdrawalConfirmed : status === 'failed' ? chainMessages.withdrawalFailed : chainMessages.withdrawalPending;

export function evmWithdrawalRoutes(routes: RouteTable, { db, chain }: Services): void {
  routes.add({
    method: 'post',
    path: '/evm-withdrawals',
    rateLimit: 'lookups',
    tag: TAG,
    summary: 'Report a withdrawal of pending returns (the transaction hash of `withdraw`)',
    description:
      'Idempotent per transaction. The reply carries the status the chain supports now: confirmed (the Withdrawn event of this transaction, ' +
      'from this wallet, is indexed), failed (the transaction reverted, or withdrew for another wallet) or pending (checked again by the worker).',
    access: {},
    body: evmWithdrawalBodySchema,
    reply: evmWithdrawalReplySchema,
    status: 201,
    errors: {
      403: `${walletProofMessages.notLinked} / ${chainMessages.withdrawalNotSender}`,
      409: `${chainMessages.withdrawalNotYours} / ${chainMessages.withdrawalUnknownTx}`,
      503: chainMessages.indexerUnavailable,
    },
    handler: async ({ body, user }) => {
      const settled = await reportWithdrawal(chain, db, user, body);
      return { message: messageOf(settled.status), data: presentWithdrawal(settled) };
    },
  });

  routes.add({
    method: 'get',
    path: '/evm-withdrawals/:txHash',
    rateLimit: 'lookups',
    tag: TAG,
    summary: 'A reported withdrawal and its status, re-checked against the chain',
    access: {},
    reply: evmWithdrawalReplySchema,
    errors: { 404: chainMessages.withdrawalNotFound },
    handler: async ({ params, user }) => {
      const hash = txHash.safeParse(params.txHash);
      const settled = await reportedWithdrawal(chain, db, user, hash.success ? hash.data : null);
      return { message: messageOf(settled.status), data: presentWithdrawal(settled) };
    },
  });
}
