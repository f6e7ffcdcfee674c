/**
 * POST /evm-withdrawals: the dapp reports the transaction of a `withdraw` on the
 * auction house. The record is a claim until the chain settles it (chain/withdrawals.ts): confirmed by the
 * indexed Withdrawn event of that transaction from that wallet, failed by a revert. Until then the wallet's
 * outbid bids show withdrawalStatus 'withdrawing'. Only the transaction's own sender may report it: its `from`, read
 * from the node, must be the reported wallet, one the caller proved is theirs.
 */
import { TransactionNotFoundError, type Hash } from 'viem';
import { chainMessages, evmWithdrawalBodySchema, evmWithdrawalReplySchema, txHash, walletProofMessages } from '@gavel/domain';
import type { RouteTable } from '../http/route-table.ts';
import type { Services } from '../services.ts';
import { HttpError } from '../http/errors.ts';
import { presentWithdrawal, reconcileWithdrawals } from '../chain/withdrawals.ts';
import { requireLinkedWallet } from '../wallet/linked.ts';

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
      // Only a wallet the user proved may be reported as theirs (its refunds then show as withdrawing for them).
      await requireLinkedWallet(db, user.id, body.walletAddress);
      const hash = body.txHash.toLowerCase();
      // Whoever reports a transaction first would own its record: only its sender may, so no one can take another's.
      const sender = await senderOf(chain, hash);
      if (sender !== body.walletAddress.toLowerCase()) throw new HttpError(403, chainMessages.withdrawalNotSender, 'not_transaction_sender');
      const existing = await db.prisma.evmWithdrawal.findUnique({ where: { txHash: hash } });
      if (existing && existing.userId !== user.id) throw new HttpError(409, chainMessages.withdrawalNotYours, 'withdrawal_not_yours');
      const row =
        existing ??
        (await db.prisma.evmWithdrawal
          .create({ data: { txHash: hash, walletAddress: body.walletAddress.toLowerCase(), auctionId: body.auctionId ?? null, userId: user.id } })
          // Two reports of one transaction racing: the loser reads the winner's row.
          .catch(() => db.prisma.evmWithdrawal.findUniqueOrThrow({ where: { txHash: hash } })));
      const [settled] = await reconcileWithdrawals(chain, db, [row]);
      return { message: messageOf(settled!.status), data: presentWithdrawal(settled!) };
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
      const row = hash.success ? await db.prisma.evmWithdrawal.findUnique({ where: { txHash: hash.data.toLowerCase() } }) : null;
      if (!row || (row.userId !== user.id && user.role !== 'admin')) throw new HttpError(404, chainMessages.withdrawalNotFound, 'not_found');
      const [settled] = await reconcileWithdrawals(chain, db, [row]);
      return { message: messageOf(settled!.status), data: presentWithdrawal(settled!) };
    },
  });
}

/** The transaction's sender, lower-case, as the node knows it: 409 while it does not, 503 if it cannot answer. */
async function senderOf(chain: Services['chain'], hash: string): Promise<string> {
  try {
    return (await chain.rpc.client.getTransaction({ hash: hash as Hash })).from.toLowerCase();
  } catch (error) {
    if (error instanceof TransactionNotFoundError) throw new HttpError(409, chainMessages.withdrawalUnknownTx, 'transaction_unknown');
    throw new HttpError(503, chainMessages.indexerUnavailable, 'chain_unavailable');
  }
}
