/**
 * Closing a lot, exactly once. One transaction flips the lot from open to ended only if it is still open and
 * due, records the winner (the highest active bid at or above the reserve) and writes the winner's e-mail to
 * the outbox (its words depend on how the win is paid: a card hold charged afterwards, or the cart), all in the same commit. Run it twice, from two workers, or after a crash mid-way: the
 * conditional update lets exactly one run through, and a crash after the commit loses nothing (the outbox
 * row is re-queued by the worker's reconcile loop).
 *
 * A BTC lot won by a signed offer gets its seller's co-signing deadline instead (bitcoin-settlement/win-watch.ts follows it),
 * after its leading offers were checked unspent once more. A USD lot, or one won by a card bid, gets its payment deadline (`paymentDueAt`, PAYMENT_DUE_MS after the
 * close): a win a captured hold pays never reaches it, and one nothing paid by then is voided (checkout/unpaid.ts).
 */
import { displayAmount, unitFor } from '@gavel/domain';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { LotClock } from '../jobs/lot-clock.ts';
import { announceLotsChanged } from '../lots/browse-cache.ts';
import { wonMail, type WonPayment } from '../mail/templates.ts';
import { lotUpdateOf, tellWinner } from '../bidding/notify.ts';
import { settleHoldsLater } from '../payments/bid-holds.ts';
import { deliveryAddressOf } from '../bitcoin-settlement/inscription-delivery.ts';
import { allInFor } from '../house/rates.ts';
import { invoiceLinkOf, issueSaleDocuments } from '../house/documents.ts';
import { DEFAULT_PAYMENT_DUE_MS } from '../payments/unpaid-config.ts';
import { DEFAULT_SELLER_SIGN_DUE_MS } from '../bitcoin/config.ts';
import { dropSpentLeadersBeforeClose, type WinWatchDeps } from '../bitcoin-settlement/win-watch.ts';

export type CloseResult = { closed: false } | { closed: true; winnerId: string | null; winningBidId: string | null; wonMailId?: string };

export async function closeLot(prisma: PrismaClient, lotId: string, paymentDueMs = DEFAULT_PAYMENT_DUE_MS, sellerSignDueMs = DEFAULT_SELLER_SIGN_DUE_MS): Promise<CloseResult> {
  return prisma.$transaction(async (tx) => {
    const [lot] = await tx.$queryRaw<Array<{ id: string; title: string; reservePrice: string | null; paymentMethod: 'BTC' | 'ETH' | 'Manual'; auctionEventId: string }>>`
      UPDATE "Lot" SET status = 'ended', "closedAt" = now(), "updatedAt" = now()
       WHERE id = ${lotId} AND status IN ('upcoming', 'live') AND "endTime" <= now()
      RETURNING id, title, "reservePrice"::text, "paymentMethod"::text, "auctionEventId"`;
    if (!lot) return { closed: false } as const;
    // Locked: a hold released at this moment (intent-state.ts) sees the winner recorded, or is seen as released here.
    const [top] = await tx.$queryRaw<
      Array<{ id: string; userId: string | null; walletAddress: string | null; amount: string; paymentIntentId: string | null; holdStatus: string | null; holdCents: number | null; offer: boolean }>
    >`
      SELECT id, "userId", "walletAddress", amount::text, "paymentIntentId", "holdStatus"::text, "holdCents", "signedPsbtHex" IS NOT NULL AS offer FROM "Bid"
       WHERE "lotId" = ${lotId} AND status = 'active'
       ORDER BY amount DESC, "createdAt" ASC LIMIT 1 FOR NO KEY UPDATE`;
    const wins = top && (lot.reservePrice === null || BigInt(top.amount) >= BigInt(lot.reservePrice));
    if (!wins) return { closed: true, winnerId: null, winningBidId: null } as const;
    const paymentDueAt = lot.paymentMethod === 'Manual' || top.paymentIntentId ? new Date(Date.now() + paymentDueMs) : null;
    // A signed Bitcoin offer pays once its seller co-signs: that is what is due, and the win watch follows it.
    const sellerSignDueAt = lot.paymentMethod === 'BTC' && top.offer && !top.paymentIntentId ? new Date(Date.now() + sellerSignDueMs) : null;
    // A card bid names no wallet; a BTC lot won by card sends the inscription to the winner's Bitcoin wallet.
    const winnerWalletAddress = top.walletAddress ?? (lot.paymentMethod === 'BTC' && top.userId ? await deliveryAddressOf(tx, top.userId) : null);
    await tx.lot.update({
      where: { id: lotId },
      data: {
        winnerId: top.userId,
        winnerWalletAddress,
        winningBidId: top.id,
        soldPrice: top.amount,
        paymentDueAt,
        sellerSignDueAt,
      },
    });
    // The buyer's invoice and the seller's statement, numbered in this transaction (house/documents.ts).
    await issueSaleDocuments(tx, lotId);
    const winner = top.userId ? await tx.user.findUnique({ where: { id: top.userId }, select: { id: true, email: true, emailWon: true } }) : null;
    // A card hold standing for the win is charged by a job: this mail only says so (the winner hears again when
    // it is charged, or asked to pay if it cannot be), and they may have turned it off. A win paid from the cart
    // (also one whose hold is already gone) is owed by a deadline, so that mail goes whatever the preferences say.
    const held = top.paymentIntentId && top.holdStatus === 'authorized';
    const payment: WonPayment = held
      ? lot.paymentMethod === 'Manual'
        ? { by: 'card_hold', charge: displayAmount(await allInFor(tx, lotId, BigInt(top.amount), top.userId), 'USD'), upTo: false }
        : { by: 'card_hold', charge: displayAmount(BigInt(top.holdCents ?? 0), 'USD'), upTo: true }
      : sellerSignDueAt
        ? { by: 'bitcoin_offer', sellerSignBy: sellerSignDueAt }
        : { by: 'pay_from_cart', dueAt: paymentDueAt };
    const mail =
      winner && (payment.by !== 'card_hold' || winner.emailWon)
        ? await tx.outboxMail.create({
            data: wonMail(
              { email: winner.email, userId: winner.id },
              lot.title,
              displayAmount(BigInt(top.amount), unitFor(lot.paymentMethod)),
              lot.id,
              lot.auctionEventId,
              payment,
              await invoiceLinkOf(tx, lotId),
            ),
          })
        : null;
    return { closed: true, winnerId: top.userId, winningBidId: top.id, ...(mail ? { wonMailId: mail.id } : {}) } as const;
  });
}

/** What a close and its news need: the BTC lot's last look at its leaders, the clock's jobs, the holds and the notices. */
export type CloseDeps = WinWatchDeps & { lotClock: Pick<LotClock, 'cancelEndingSoon'> };

/** Close and tell everyone: watchers see the result, the winner gets an event and an e-mail. */
export async function closeLotAndAnnounce(services: CloseDeps, lotId: string): Promise<CloseResult> {
  const due = await services.db.prisma.lot.findUnique({ where: { id: lotId }, select: { paymentMethod: true, status: true } });
  if (due?.paymentMethod === 'BTC' && (due.status === 'live' || due.status === 'upcoming')) await dropSpentLeadersBeforeClose(services, lotId);
  const result = await closeLot(services.db.prisma, lotId, services.config.unpaid.paymentDueMs, services.config.bitcoin.sellerSignDueMs);
  if (!result.closed) return result;
  const lot = await services.db.prisma.lot.findUniqueOrThrow({ where: { id: lotId } });
  await announceLotsChanged(services.redis, services.config.redisPrefix);
  await services.eventHub.publish(`lot:${lotId}`, { type: 'lot', data: lotUpdateOf(lot) });
  if (result.winnerId && lot.soldPrice) {
    await tellWinner(services, result.winnerId, lot, displayAmount(BigInt(lot.soldPrice.toFixed(0)), unitFor(lot.paymentMethod)));
  }
  if (result.wonMailId) await services.mailer.enqueue(result.wonMailId);
  // Its ending-soon notices have nothing left to say (run anyway, they would find the lot ended and tell nobody).
  await services.lotClock.cancelEndingSoon(lotId, lot.endTime).catch((err: Error) => services.log.warn({ err: err.message, lotId }, 'removing the ending-soon jobs failed'));
  // Card bid holds: capture the winner's, release the rest (a job; the payments sweep redoes a lost one).
  await settleHoldsLater(services, lotId).catch((err: Error) => services.log.warn({ err: err.message, lotId }, 'queueing the settlement of card holds failed'));
  return result;
}
