/**
 * Withdrawals the dapp reports (POST /evm-withdrawals) are only claims until the chain agrees: a record is
 * confirmed by the indexed Withdrawn event of its transaction (from the same wallet), and failed by a reverted
 * receipt or a Withdrawn from another account. Pending records are re-checked on read and by the worker.
 */
import { formatAmount, type EvmWithdrawal } from '@gavel/domain';
import type { EvmWithdrawal as Row, Prisma as P } from '../generated/prisma/client.ts';
import type { Database } from '../db/client.ts';
import type { ChainService } from './index.ts';
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
