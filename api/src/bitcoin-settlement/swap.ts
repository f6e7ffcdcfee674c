/**
 * The swap of an ended BTC lot from recorded to confirmed. The swap is written on
 * the lot before it is broadcast, by a conditional update only one co-sign can win, so it is broadcast once
 * and never on top of a payment recorded by hand (settlement.ts refuses the manual steps while it is recorded).
 * The worker's follower watches the expected swap of every ended lot with a signed winning offer: one Gavel
 * recorded (broadcast again when Esplora does not know it) or one the seller assembled and broadcast elsewhere.
 */
import { psbtMessages, unpaidMessages } from '@gavel/domain';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import { Refused } from '../refused.ts';
import { EsploraError, type BitcoinAccess, type BitcoinConfig } from '../bitcoin/index.ts';
import { parsePsbtHex, unsignedTx, type SettledSwap } from '../bitcoin/offer/index.ts';

type SwapOf = { swapTxid: string | null; paid: boolean; transferred: boolean; unpaidAt?: Date | null };

/** Why a lot can no longer take a co-signed swap or a claim: one is recorded, or it was settled by hand. */
export function swapRefusal(lot: SwapOf): Refused | null {
  if (lot.swapTxid) return new Refused('conflict', psbtMessages.alreadySettled, 'already_settled');
  if (lot.paid || lot.transferred) return new Refused('conflict', psbtMessages.settledByHand, 'settled_by_hand');
  // The winner's offer was spent: their purchase is void until the admin gives the lot to another offer.
  if (lot.unpaidAt) return new Refused('conflict', unpaidMessages.notSettleable, 'lot_unpaid');
  return null;
}

/** What recording and following a swap needs: the lot's row, Esplora and the network, and the log. */
export interface SwapDeps {
  db: Database;
  bitcoin: Pick<BitcoinAccess, 'esplora'>;
  config: { bitcoin: Pick<BitcoinConfig, 'network'> };
  log: Logger;
}

/** Records the swap (txid, network hex and the seller's PSBT) unless one is recorded or the lot is paid; else a conflict. */
export async function recordSwap(services: SwapDeps, lotId: string, sellerSignedPsbtHex: string, swap: Pick<SettledSwap, 'txid' | 'txHex'>): Promise<void> {
  const { prisma } = services.db;
  const { count } = await prisma.lot.updateMany({
    where: { id: lotId, swapTxid: null, paid: false, transferred: false, unpaidAt: null },
    data: { swapTxid: swap.txid, swapTxHex: swap.txHex, sellerSignedPsbtHex, txHash: swap.txid },
  });
  if (count === 0) throw swapRefusal(await prisma.lot.findUniqueOrThrow({ where: { id: lotId } }))!;
}

export type BroadcastOutcome = { sent: true } | { sent: false; refused: string | null };

/**
 * Broadcasts a recorded swap. Esplora refusing it while it knows the txid (in the mempool or a block) is
 * success: an earlier try, or the seller, sent it. Any other 400 is the node refusing it for good (an input
 * spent since the bid): the record of that swap, and only that one, is cleared so the winner can claim again.
 * Esplora unreachable keeps the record; the follower sends it later.
 */
export async function broadcastRecorded(services: SwapDeps, lotId: string, swap: Pick<SettledSwap, 'txid' | 'txHex'>): Promise<BroadcastOutcome> {
  const { esplora } = services.bitcoin;
  try {
    await esplora.broadcast(swap.txHex);
    return { sent: true };
  } catch (error) {
    if (!(error instanceof EsploraError && error.status === 400)) return { sent: false, refused: null };
    // Known (in the mempool or a block): sent. Not known: refused for good. No answer: keep the record.
    const known = await esplora.confirmations(swap.txid).then(
      (c) => c !== null,
      () => undefined,
    );
    if (known === undefined) return { sent: false, refused: null };
    if (known) return { sent: true };
    await services.db.prisma.lot.updateMany({
      where: { id: lotId, swapTxid: swap.txid },
      data: { swapTxid: null, swapTxHex: null, sellerSignedPsbtHex: null, txHash: null },
    });
    return { sent: false, refused: error.body.replace(/^sendrawtransaction RPC error: /, '') };
  }
}

/** A confirmed swap makes the lot paid and transferred with its hash ("Auction Complete"); idempotent. */
export async function markSwapConfirmed(services: SwapDeps, lot: { id: string; paidAt: Date | null; txHash: string | null }, txid: string): Promise<void> {
  const now = new Date();
  await services.db.prisma.lot.updateMany({
    where: { id: lot.id, transferred: false },
    data: { paid: true, paidAt: lot.paidAt ?? now, txHash: lot.txHash ?? txid, transferred: true, transferredAt: now, transferTransactionHash: txid, swapTxid: txid },
  });
}

/** The txid the winning offer's swap will have, whoever finishes and broadcasts it (segwit: signatures do not change it). */
export function expectedSwapTxid(signedPsbtHex: string, network: BitcoinConfig['network']): string {
  return unsignedTx(parsePsbtHex(signedPsbtHex, network)).getId();
}

/** How long after its close a lot's winning offer is watched for a swap broadcast outside Gavel. */
const OUTSIDE_SWAP_WATCH_DAYS = 30;

/** One turn of the follower: each watched lot is asked about once, so it settles within a turn of its first confirmation. */
export async function followSwaps(services: SwapDeps): Promise<void> {
  const { prisma } = services.db;
  const { esplora } = services.bitcoin;
  const each = async (lotId: string, step: () => Promise<void>) => step().catch((error: Error) => services.log.warn({ lotId, err: error.message }, 'settlement follower: lot skipped this turn'));

  const recorded = await prisma.lot.findMany({
    where: { paymentMethod: 'BTC', swapTxid: { not: null }, transferred: false },
    select: { id: true, swapTxid: true, swapTxHex: true, paidAt: true, txHash: true },
    take: 100,
  });
  for (const lot of recorded) {
    await each(lot.id, async () => {
      const confirmations = await esplora.confirmations(lot.swapTxid!);
      if (confirmations === null && lot.swapTxHex) await broadcastRecorded(services, lot.id, { txid: lot.swapTxid!, txHex: lot.swapTxHex });
      else if (confirmations !== null && confirmations > 0) await markSwapConfirmed(services, lot, lot.swapTxid!);
    });
  }

  // Swaps Gavel did not broadcast: the seller can finish the winning offer from /psbt/state and send it elsewhere.
  // Only lots closed in the last OUTSIDE_SWAP_WATCH_DAYS: an offer unsettled that long is left to a claim.
  const since = new Date(Date.now() - OUTSIDE_SWAP_WATCH_DAYS * 86_400_000);
  const ended = await prisma.lot.findMany({
    where: { paymentMethod: 'BTC', status: 'ended', swapTxid: null, transferred: false, winningBidId: { not: null }, closedAt: { gte: since } },
    orderBy: { closedAt: 'desc' },
    select: { id: true, winningBidId: true, paidAt: true, txHash: true },
    take: 100,
  });
  const offers = await prisma.bid.findMany({ where: { id: { in: ended.map((l) => l.winningBidId!) }, signedPsbtHex: { not: null } }, select: { id: true, signedPsbtHex: true } });
  const offerOf = new Map(offers.map((b) => [b.id, b.signedPsbtHex!]));
  for (const lot of ended) {
    const offer = offerOf.get(lot.winningBidId!);
    if (!offer) continue;
    await each(lot.id, async () => {
      const txid = expectedSwapTxid(offer, services.config.bitcoin.network);
      const confirmations = await esplora.confirmations(txid);
      if (confirmations !== null && confirmations > 0) await markSwapConfirmed(services, lot, txid);
    });
  }
}
