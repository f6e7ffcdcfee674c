/**
 * Settling a lot won by a binding (vault) bid. The seller co-signs their inscription input as for any offer
 * (bitcoin-settlement/settle.ts checks and merges it); the vault inputs still need Gavel's signature with G, which only the
 * worker holds. So the merged PSBT is stored on the lot, by a conditional write only one co-sign wins, and the
 * worker's `cosign-swap` job signs the vault inputs, finalizes, records the swap and broadcasts it exactly as a
 * seller's co-sign does today (bitcoin-settlement/swap.ts), then sweeps the house output in a child that pays for the swap
 * (bitcoin-settlement/house-sweep.ts); the follower then sees it confirm, replacing the child if it waits too long. Gavel signs with G for this swap
 * only: the winning offer, unchanged, whose every bidder signature was verified when the bid was placed.
 */
import { psbtMessages } from '@gavel/domain';
import type { Vaults } from '../bitcoin/vault/vaults.ts';
import { Refused } from '../refused.ts';
import { bitcoin, bitcoinjsNetwork } from '../bitcoin/network.ts';
import { finalizeSwap, OfferError, unsignedTx } from '../bitcoin/offer/index.ts';
import { vaultInputIndices, vaultLayoutOf } from '../bitcoin/vault/vault-offer.ts';
import { broadcastRecorded, expectedSwapTxid, recordSwap, swapRefusal, type SwapDeps } from './swap.ts';
import { sweepHouseOutput, type HouseSweepDeps } from './house-sweep.ts';

/** A binding swap is recorded and sent as any swap is, co-signed with G (the vaults), then its house output swept. */
export type VaultSwapDeps = SwapDeps & HouseSweepDeps & { vaults: Pick<Vaults, 'queue' | 'signVaultInputs'> };

/** Stores the seller-co-signed binding swap for the worker to finish; refused when one is stored or recorded. */
export async function queueVaultSwap(services: VaultSwapDeps, lotId: string, merged: bitcoin.Psbt): Promise<void> {
  const { prisma } = services.db;
  const { count } = await prisma.lot.updateMany({
    where: { id: lotId, swapTxid: null, vaultSwapPsbtHex: null, paid: false, transferred: false, unpaidAt: null },
    data: { vaultSwapPsbtHex: merged.toHex() },
  });
  if (count === 0) {
    const lot = await prisma.lot.findUniqueOrThrow({ where: { id: lotId } });
    throw swapRefusal(lot) ?? new Refused('conflict', psbtMessages.alreadySettled, 'already_settled');
  }
  await services.vaults.queue.add('cosign-swap', { lotId }, { jobId: `vault-swap-${lotId}` });
}

/** How long seller-sign waits for the worker to send a binding swap before answering with the state as it is. */
const WORKER_WAIT_MS = 15_000;

/**
 * Waits for the worker to record (and send) the stored binding swap, so seller-sign answers with it as for any
 * other swap. A swap the worker forgot (it could not be finalized, or the node refused it) is a conflict; a worker not
 * done within WORKER_WAIT_MS leaves the state as it is (the reconcile pass queues it again).
 */
export async function awaitVaultSwap(services: VaultSwapDeps, lotId: string): Promise<void> {
  const until = Date.now() + WORKER_WAIT_MS;
  while (Date.now() < until) {
    const lot = await services.db.prisma.lot.findUniqueOrThrow({ where: { id: lotId }, select: { swapTxid: true, vaultSwapPsbtHex: true } });
    if (lot.swapTxid) return;
    if (!lot.vaultSwapPsbtHex) throw new Refused('conflict', psbtMessages.sellerSignFailed, 'swap_not_sent');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The worker's job: G's signature on every vault input of the stored swap, then the swap recorded and broadcast.
 * Safe to run twice (a recorded swap is only broadcast again). A swap that cannot be finalized, or that the node
 * refuses for good, is forgotten, so the seller may co-sign again.
 */
export async function coSignVaultSwap(services: VaultSwapDeps, lotId: string): Promise<string | null> {
  const { prisma } = services.db;
  const lot = await prisma.lot.findUnique({ where: { id: lotId } });
  if (!lot?.vaultSwapPsbtHex) return null;
  if (lot.swapTxid) {
    if (lot.swapTxHex && (await broadcastRecorded(services, lotId, { txid: lot.swapTxid, txHex: lot.swapTxHex })).sent) await sweepSoon(services, lotId);
    return lot.swapTxid;
  }
  const forget = async (reason: string) => {
    await prisma.lot.updateMany({ where: { id: lotId, swapTxid: null }, data: { vaultSwapPsbtHex: null } });
    services.log.warn({ lotId, reason }, 'binding swap not sent');
    return null;
  };
  const psbt = bitcoin.Psbt.fromHex(lot.vaultSwapPsbtHex, { network: bitcoinjsNetwork(services.config.bitcoin.network) });
  // G signs the lot's winning offer and nothing else: the stored swap must be that very transaction.
  const winning = lot.winningBidId ? await prisma.bid.findUnique({ where: { id: lot.winningBidId }, select: { signedPsbtHex: true } }) : null;
  if (!winning?.signedPsbtHex || expectedSwapTxid(winning.signedPsbtHex, services.config.bitcoin.network) !== unsignedTx(psbt).getId()) return forget('the stored swap is not the winning offer');
  const address = vaultLayoutOf(psbt);
  const row = address ? await prisma.bitcoinVault.findUnique({ where: { address } }) : null;
  if (!row) return forget('the swap names no vault of Gavel');
  let swap: ReturnType<typeof finalizeSwap>;
  try {
    services.vaults.signVaultInputs(psbt, row, vaultInputIndices(psbt));
    swap = finalizeSwap(psbt);
  } catch (error) {
    if (error instanceof OfferError) return forget(error.message);
    throw error;
  }
  await recordSwap(services, lotId, lot.vaultSwapPsbtHex, swap);
  const outcome = await broadcastRecorded(services, lotId, swap);
  if (!outcome.sent && outcome.refused !== null) return forget(outcome.refused);
  if (outcome.sent) await sweepSoon(services, lotId);
  return swap.txid;
}

/** The child right after the swap; when it cannot be sent now (Esplora away), the follower's next turn sends it. */
function sweepSoon(services: VaultSwapDeps, lotId: string): Promise<void> {
  return sweepHouseOutput(services, lotId).catch((error: Error) => services.log.warn({ lotId, err: error.message }, 'the house sweep waits for the follower'));
}
