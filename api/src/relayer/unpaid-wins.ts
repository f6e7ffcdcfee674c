/**
 * Relayed ETH wins their card did not pay. The auction settled on chain: the contract paid the seller and the relayer
 * holds the NFT, so until the winner pays, the platform is out of pocket. Such a win is recorded on its lot as a USD
 * lot's close records one (the winner, the price, a payment deadline, the RelayedBid as the winning bid), and from
 * there it follows the USD lots' path: the cart lists it payable by card at what the bid owes (payments/card-price.ts),
 * a checkout pays it (payments/intent-state.ts marks the lot paid), one still unpaid at its deadline is voided
 * (checkout/unpaid.ts) and the admin may offer it to the runner-up. The relayer hands the NFT over once the lot is
 * paid, to the lot's winner (paidRecipients); until then the admin sees it among the relayer's exposure.
 */
import { allInAmount, cardChargeCents, displayAmount, formatAmount, lotPremiumTable, WEI_PER_ETH, type RelayerExposure } from '@gavel/domain';
import type { PrismaClient, RelayedBid } from '../generated/prisma/client.ts';
import type { Database } from '../db/client.ts';
import { paymentNeededMail } from '../mail/templates.ts';
import { announceLotsChanged } from '../lots/browse-cache.ts';
import type { RelayerServices } from './relayer-services.ts';

/** Why a won relayed bid's NFT stays in custody although the winner has a wallet (RelayedBid.error). */
export const UNPAID_WIN = 'unpaid: the card hold could not be captured';

/**
 * What the won card bid is charged, decided once and kept (a retried capture takes the same amount, and a win the
 * card did not pay owes the same from the cart): the bid's value with the buyer's premium the contract took with it,
 * at the ETH price now, never the hold's margin, at most the hold. No fresh price: the step is retried.
 */
export async function chargeOf(services: Pick<RelayerServices, 'db' | 'prices'>, row: RelayedBid): Promise<number> {
  if (row.captureCents !== null) return row.captureCents;
  const { db, prices } = services;
  const price = await prices.holdPrice('ETH');
  const lot = await db.prisma.lot.findUniqueOrThrow({ where: { id: row.lotId }, select: { paymentMethod: true, chainPremiumBps: true } });
  const paid = allInAmount(BigInt(row.amount.toFixed(0)), lotPremiumTable(lot, null));
  const cents = Number(cardChargeCents(paid, WEI_PER_ETH, price.usdCents, BigInt(row.holdCents)));
  await db.prisma.relayedBid.updateMany({ where: { id: row.id, captureCents: null }, data: { captureCents: cents } });
  return (await db.prisma.relayedBid.findUniqueOrThrow({ where: { id: row.id }, select: { captureCents: true } })).captureCents!;
}

/**
 * A won relayed bid its card did not pay (the capture refused, or the hold already gone): kept in custody with the
 * reason, its lot recorded as won by its bidder and owing the charge by a deadline, and the winner asked to pay it
 * from the cart. Once: the bid's conditional update, the lot and the mail commit together.
 */
export async function keepUnpaid(services: RelayerServices, row: RelayedBid): Promise<void> {
  const { db, log, mailer, config, redis } = services;
  const cents = await chargeOf(services, row);
  const now = new Date();
  const dueAt = new Date(now.getTime() + config.unpaid.paymentDueMs);
  const mailId = await db.prisma.$transaction(async (tx) => {
    const { count } = await tx.relayedBid.updateMany({
      where: { id: row.id, status: { in: ['won', 'custody'] }, error: null },
      data: { status: 'custody', error: UNPAID_WIN, unpaidSince: now },
    });
    if (count !== 1) return null;
    const lot = await tx.lot.findUnique({ where: { id: row.lotId }, select: { id: true, title: true, auctionEventId: true, closedAt: true } });
    const winner = await tx.user.findUnique({ where: { id: row.userId }, select: { email: true } });
    if (!lot || !winner) return null;
    // The lot clock may not have closed the lot record yet (the chain's end decides): the win closes it, and the
    // clock then finds nothing to do.
    await tx.lot.updateMany({
      where: { id: lot.id, winnerId: null, paid: false, unpaidAt: null },
      data: { status: 'ended', closedAt: lot.closedAt ?? now, winnerId: row.userId, winningBidId: row.id, soldPrice: row.amount, paymentDueAt: dueAt },
    });
    const mail = await tx.outboxMail.create({
      data: paymentNeededMail(winner.email, lot.title, displayAmount(BigInt(cents), 'USD'), dueAt, lot.id, lot.auctionEventId),
      select: { id: true },
    });
    return mail.id;
  });
  if (!mailId) return;
  log.error({ relayedBidId: row.id, lotId: row.lotId, amountWei: row.amount.toFixed(0), owedCents: cents }, 'a relayed win is unpaid: the NFT stays in custody until the cart pays it');
  const after = (what: string) => (err: Error) => log.warn({ err: err.message, relayedBidId: row.id }, `unpaid relayed win: ${what} failed; it is redone later`);
  await mailer.enqueue(mailId).catch(after('queueing the payment-needed mail'));
  await announceLotsChanged(redis, config.redisPrefix).catch(after('announcing the lot'));
}

/**
 * A won relayed bid its card paid at the close: its lot records the win, paid, as a USD lot's close and capture do,
 * so the buyer's invoice (issued from the settlement: worker/chain-documents.ts) reads paid and the delivery marks the
 * lot transferred. A lot that already records a winner (an unpaid win paid from the cart) is left as it is.
 */
export async function recordPaidWin(prisma: PrismaClient, row: RelayedBid, now = new Date()): Promise<void> {
  const lot = await prisma.lot.findUnique({ where: { id: row.lotId }, select: { closedAt: true } });
  await prisma.lot.updateMany({
    where: { id: row.lotId, winnerId: null },
    data: { status: 'ended', closedAt: lot?.closedAt ?? now, winnerId: row.userId, winningBidId: row.id, soldPrice: row.amount, paid: true, paidAt: now },
  });
}

/**
 * Whom each won relayed bid's NFT goes to, for those whose win is paid; absent while unpaid. The one rule of paid: a
 * hold captured at the close pays for its bidder; a win the card did not pay is paid once its lot is (the cart's
 * checkout, or a runner-up's second-chance offer), for the lot's winner.
 */
export async function paidRecipients(db: Database, rows: readonly RelayedBid[]): Promise<Map<string, string>> {
  const unpaid = rows.filter((row) => row.holdStatus !== 'captured' && row.error === UNPAID_WIN);
  const lots = unpaid.length ? await db.prisma.lot.findMany({ where: { id: { in: unpaid.map((row) => row.lotId) }, paid: true, winnerId: { not: null } }, select: { id: true, winnerId: true } }) : [];
  const paidTo = new Map(lots.map((lot) => [lot.id, lot.winnerId!]));
  const recipients = new Map<string, string>();
  for (const row of rows) {
    if (row.holdStatus === 'captured') recipients.set(row.id, row.userId);
    else if (row.error === UNPAID_WIN && paidTo.has(row.lotId)) recipients.set(row.id, paidTo.get(row.lotId)!);
  }
  return recipients;
}

/**
 * The NFT reached its wallet: the bid is delivered, and a lot that recorded the win as its paying winner's is
 * transferred (it leaves their cart's dues), together.
 */
export async function markDelivered(prisma: PrismaClient, row: RelayedBid, to: { userId: string; address: string; txHash: string | null }): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.relayedBid.updateMany({ where: { id: row.id, status: { in: ['won', 'custody'] } }, data: { status: 'delivered', deliveredTo: to.address } });
    if (count === 0) return;
    await tx.lot.updateMany({
      where: { id: row.lotId, winnerId: to.userId, paid: true, transferred: false },
      data: { transferred: true, transferredAt: new Date(), transferTransactionHash: to.txHash },
    });
  });
}

/**
 * GET /admin/auction-stats: every relayed win whose card did not pay while the relayer still holds the NFT (its seller
 * paid on chain), awaiting the winner's payment or voided, the longest standing first.
 */
export async function relayerExposure(prisma: PrismaClient): Promise<RelayerExposure[]> {
  const rows = await prisma.relayedBid.findMany({ where: { status: 'custody', error: UNPAID_WIN }, orderBy: { unpaidSince: 'asc' }, take: 200 });
  if (rows.length === 0) return [];
  const [lots, users] = await Promise.all([
    prisma.lot.findMany({ where: { id: { in: rows.map((r) => r.lotId) } }, select: { id: true, title: true, auctionEventId: true, paid: true, unpaidAt: true, paymentDueAt: true } }),
    prisma.user.findMany({ where: { id: { in: rows.map((r) => r.userId) } }, select: { id: true, email: true } }),
  ]);
  const lotOf = new Map(lots.map((lot) => [lot.id, lot]));
  const emailOf = new Map(users.map((user) => [user.id, user.email]));
  return rows.flatMap((row) => {
    const lot = lotOf.get(row.lotId);
    // Paid, it waits only for a wallet to go to: the platform is no longer out of pocket.
    if (!lot || lot.paid) return [];
    return [
      {
        lotId: lot.id,
        auctionEventId: lot.auctionEventId,
        title: lot.title,
        winnerEmail: emailOf.get(row.userId) ?? null,
        amount: formatAmount(BigInt(row.amount.toFixed(0)), 'ETH'),
        usd: row.captureCents === null ? null : formatAmount(BigInt(row.captureCents), 'USD'),
        since: (row.unpaidSince ?? row.updatedAt).toISOString(),
        state: lot.unpaidAt ? ('unpaid' as const) : ('awaiting_payment' as const),
        payBy: lot.unpaidAt ? null : (lot.paymentDueAt?.toISOString() ?? null),
      },
    ];
  });
}
