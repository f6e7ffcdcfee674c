/**
 * Withdrawals the dapp reports (POST /evm-withdrawals) are only claims until the chain agrees: a record is
 * confirmed by the indexed Withdrawn event of its transaction (from the same wallet), and failed by a reverted
 * receipt or a Withdrawn from another account. Pending records are re-checked on read and by the worker.
 */
import { TransactionNotFoundError, type Hash } from 'viem';
import { chainMessages, formatAmount, type EvmWithdrawal } from '@gavel/domain';
import type { EvmWithdrawal as Row, Prisma as P } from '../generated/prisma/client.ts';
import type { Database } from '../db/client.ts';
import type { ChainService } from './index.ts';
import { Refused, notFound } from '../refused.ts';
import type { UserRow } from '../auth/session.ts';
import { requireLinkedWallet } from '../wallet/linked.ts';
import { IndexerUnavailable } from './ponder.ts';
import { withdrawalsByTx } from './reads.ts';

/** Settles what the chain can settle now; returns the rows as they stand after. */
export async function reconcileWithdrawals(chain: ChainService, db: Database, rows: Row[]): Promise<Row[]> {
  const pending = rows.filter((row) => row.status === 'pending');
  if (pending.length === 0) return rows;
  const events = await withdrawalsByTx(
    chain.ponder,
    pending.map((row) => row.txHash),
  ).catch((error: Error) => {
    if (error instanceof IndexerUnavailable) return [];
    throw error;
  });
  const byTx = new Map(events.map((event) => [event.tx_hash, event]));
  const settled = new Map<string, Row>();
  for (const row of pending) {
    const event = byTx.get(row.txHash);
    let update: P.EvmWithdrawalUpdateManyMutationInput | null = null;
    if (event) {
      update = event.account === row.walletAddress ? { status: 'confirmed', amount: event.amount, blockNumber: Number(event.block_number) } : { status: 'failed' };
    } else if ((await chain.rpc.receiptStatus(row.txHash)) === 'reverted') {
      update = { status: 'failed' };
    }
    if (!update) continue;
    // Conditional on still pending: two reconcilers may race, the first one wins and both see the same result.
    await db.prisma.evmWithdrawal.updateMany({ where: { id: row.id, status: 'pending' }, data: { ...update, reconciledAt: new Date() } });
    settled.set(row.id, await db.prisma.evmWithdrawal.findUniqueOrThrow({ where: { id: row.id } }));
  }
  return rows.map((row) => settled.get(row.id) ?? row);
}

/** The oldest pending withdrawals, for the worker's follower. */
export async function reconcilePendingWithdrawals(chain: ChainService, db: Database): Promise<void> {
  const rows = await db.prisma.evmWithdrawal.findMany({ where: { status: 'pending' }, orderBy: { createdAt: 'asc' }, take: 100 });
  await reconcileWithdrawals(chain, db, rows);
}

export function presentWithdrawal(row: Row): EvmWithdrawal {
  return {
    id: row.id,
    auctionId: row.auctionId,
    walletAddress: row.walletAddress,
    txHash: row.txHash,
    status: row.status,
    amount: row.amount === null ? null : formatAmount(BigInt(row.amount.toFixed(0)), 'ETH'),
    blockNumber: row.blockNumber,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Records a withdrawal the dapp reports (idempotent per transaction) and settles it if the chain can now. Only a
 * wallet the user proved may be reported as theirs (its refunds then show as withdrawing for them), and only by
 * the transaction's own sender, so no one can take another's record.
 */
export async function reportWithdrawal(chain: ChainService, db: Database, user: Pick<UserRow, 'id'>, report: { txHash: string; walletAddress: string; auctionId?: string | null }): Promise<Row> {
  await requireLinkedWallet(db, user.id, report.walletAddress);
  const hash = report.txHash.toLowerCase();
  const sender = await senderOf(chain, hash);
  if (sender !== report.walletAddress.toLowerCase()) throw new Refused('forbidden', chainMessages.withdrawalNotSender, 'not_transaction_sender');
  const existing = await db.prisma.evmWithdrawal.findUnique({ where: { txHash: hash } });
  if (existing && existing.userId !== user.id) throw new Refused('conflict', chainMessages.withdrawalNotYours, 'withdrawal_not_yours');
  const row =
    existing ??
    (await db.prisma.evmWithdrawal
      .create({ data: { txHash: hash, walletAddress: report.walletAddress.toLowerCase(), auctionId: report.auctionId ?? null, userId: user.id } })
      // Two reports of one transaction racing: the loser reads the winner's row.
      .catch(() => db.prisma.evmWithdrawal.findUniqueOrThrow({ where: { txHash: hash } })));
  const [settled] = await reconcileWithdrawals(chain, db, [row]);
  return settled!;
}

/** A reported withdrawal (its reporter's, or any for an admin), re-checked against the chain; otherwise not found. */
export async function reportedWithdrawal(chain: ChainService, db: Database, user: Pick<UserRow, 'id' | 'role'>, hash: string | null): Promise<Row> {
  const row = hash ? await db.prisma.evmWithdrawal.findUnique({ where: { txHash: hash.toLowerCase() } }) : null;
  if (!row || (row.userId !== user.id && user.role !== 'admin')) throw notFound(chainMessages.withdrawalNotFound);
  const [settled] = await reconcileWithdrawals(chain, db, [row]);
  return settled!;
}

/** The transaction's sender, lower-case, as the node knows it: a conflict while it does not, unavailable if it cannot answer. */
async function senderOf(chain: ChainService, hash: string): Promise<string> {
  try {
    return (await chain.rpc.client.getTransaction({ hash: hash as Hash })).from.toLowerCase();
  } catch (error) {
    if (error instanceof TransactionNotFoundError) throw new Refused('conflict', chainMessages.withdrawalUnknownTx, 'transaction_unknown');
    throw new Refused('unavailable', chainMessages.indexerUnavailable, 'chain_unavailable');
  }
}
