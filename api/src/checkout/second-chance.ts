/**
 * Second-chance offers: a lot voided for non-payment (unpaid.ts) offered by the admin to the runner-up at their
 * last bid. The runner-up is the highest bidder of the lot's last sale who is neither the buyer who did not pay
 * nor someone already offered it (an offer that expired lets the admin go one bidder further down). Offers are
 * paid by card, so only USD lots are offered, and on-chain lots whose relayed card win went unpaid (the relayer holds
 * the NFT; the runner-up and the offer's USD price are chain-runner-up.ts's); other lots can be relisted instead
 * (admin/relist.ts).
 *
 * Accepting holds the runner-up's saved card for the amount off-session and captures it, then makes them the
 * winner of a paid lot. The offer is claimed first (open -> accepting, only while unexpired), so two accepts
 * cannot both pay, and the admin cannot relist or offer again while a card is being charged. A declined card
 * puts the offer back to open. The hold is recorded on the offer before its capture: if the request dies after
 * that, the payments sweep finishes the acceptance from Stripe's state (finishStuckAccepts).
 */
import { randomUUID } from 'node:crypto';
import {
  cardCentsRefusal,
  displayAmount,
  fill,
  formatAmount,
  messages,
  paymentMessages,
  unpaidMessages,
  type AdminSecondChanceOffer,
  type SecondChanceAcceptReply,
  type SecondChanceOffer,
  type SecondChanceState,
  type UnpaidLot,
} from '@gavel/domain';
import type Stripe from 'stripe';
import type { Lot, Prisma as P, PrismaClient, SecondChanceOffer as OfferRow } from '../generated/prisma/client.ts';
import type { Logger } from 'pino';
import type { Payments } from '../payments/index.ts';
import type { UsdPrices } from '../prices/usd-price.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { UnpaidConfig } from '../payments/unpaid-config.ts';
import type { UserRow } from '../auth/session.ts';
import { Refused, notFound } from '../refused.ts';
import { secondChanceOfferMail } from '../mail/templates.ts';
import { holdOnCard } from '../payments/bid-holds.ts';
import { cancelIntent, capturedIntent, paymentSetupError } from '../payments/intents.ts';
import { PURPOSE } from '../payments/intent-state.ts';
import { lotsChanged, type LotChanges } from '../admin/lot-writes.ts';
import { fullNameOf } from '../auth/user-name.ts';
import { secondChanceToNextOffer, type WinWatchDeps } from '../bitcoin-settlement/win-watch.ts';
import { chainRunnerUp, offerCents } from './chain-runner-up.ts';
import { allInFor } from '../house/rates.ts';
import { issueSaleDocuments } from '../house/documents.ts';

/** What offering a lot to its runner-up needs: the lot's watchers and caches, the card rail, the live ETH price, mail. */
type SecondChanceDeps = WinWatchDeps &
  LotChanges & {
    payments: Pick<Payments, 'stripe'>;
    prices: Pick<UsdPrices, 'holdPrice'>;
    mailer: Pick<Mailer, 'enqueue'>;
    log: Logger;
    config: { unpaid: Pick<UnpaidConfig, 'secondChanceOfferMs'> };
  };

type Db = PrismaClient | P.TransactionClient;
type Person = { id: string; email: string; name: string | null; firstName: string | null; lastName: string | null };
const personSelect = { id: true, email: true, name: true, firstName: true, lastName: true } as const;

/** An accept older than this with no answer was cut short; the sweep finishes it. */
const STUCK_ACCEPT_MS = 2 * 60_000;

const nameOf = (p: Person) => fullNameOf(p);
const usd = (amount: P.Decimal) => formatAmount(BigInt(amount.toFixed(0)), 'USD');

function stateOf(offer: OfferRow, now = new Date()): SecondChanceState {
  return offer.status === 'open' && offer.expiresAt <= now ? 'expired' : offer.status;
}

/** The highest bid of the lot's last sale by a bidder not yet passed over, with the bidder. */
async function runnerUp(db: Db, lot: Pick<Lot, 'id' | 'winnerId' | 'startTime' | 'chainAuctionId'>) {
  const offered = await db.secondChanceOffer.findMany({ where: { lotId: lot.id }, select: { userId: true } });
  const passedOver = [lot.winnerId, ...offered.map((o) => o.userId)].filter((id): id is string => id !== null);
  if (lot.chainAuctionId !== null) {
    const onChain = await chainRunnerUp(db, lot, passedOver);
    const user = onChain ? await db.user.findUnique({ where: { id: onChain.userId }, select: personSelect }) : null;
    return onChain && user ? { id: onChain.id, amount: onChain.amount, user } : null;
  }
  const bid = await db.bid.findFirst({
    // Withdrawn and removed bids are off the table; cancelled ones were cancelled only by the Buy Now that was voided.
    where: { lotId: lot.id, userId: { not: null, notIn: passedOver }, status: { in: ['active', 'outbid', 'cancelled'] }, createdAt: { gte: lot.startTime } },
    orderBy: [{ amount: 'desc' }, { createdAt: 'asc' }],
    include: { user: { select: personSelect } },
  });
  return bid?.user ? { ...bid, user: bid.user } : null;
}

/** GET /admin/auctions/:id: what the admin needs to decide about an unpaid lot; null for any other lot. */
export async function unpaidLotOf(prisma: PrismaClient, lot: Lot): Promise<UnpaidLot | null> {
  if (!lot.unpaidAt) return null;
  const [buyer, next, offers] = await Promise.all([
    lot.winnerId ? prisma.user.findUnique({ where: { id: lot.winnerId }, select: { ...personSelect, unpaidCount: true } }) : null,
    offeredByCard(lot) ? runnerUp(prisma, lot) : null,
    prisma.secondChanceOffer.findMany({ where: { lotId: lot.id }, orderBy: { createdAt: 'desc' } }),
  ]);
  const people = new Map((await prisma.user.findMany({ where: { id: { in: offers.map((o) => o.userId) } }, select: personSelect })).map((p) => [p.id, p]));
  return {
    unpaidAt: lot.unpaidAt.toISOString(),
    buyer: buyer ? { userId: buyer.id, email: buyer.email, name: nameOf(buyer), unpaidCount: buyer.unpaidCount } : null,
    // An on-chain lot's runner-up bid in ETH: the offer asks its USD value when it is made.
    runnerUp: next ? { userId: next.user.id, email: next.user.email, name: nameOf(next.user), amount: formatAmount(BigInt(next.amount.toFixed(0)), lot.chainAuctionId ? 'ETH' : 'USD') } : null,
    offers: offers.map((offer) => presentAdminOffer(offer, people.get(offer.userId) ?? null)),
  };
}

function presentAdminOffer(offer: OfferRow, to: Person | null): AdminSecondChanceOffer {
  return {
    _id: offer.id,
    userId: offer.userId,
    email: to?.email ?? null,
    name: to ? nameOf(to) : null,
    amount: usd(offer.amount),
    expiresAt: offer.expiresAt.toISOString(),
    status: stateOf(offer),
    acceptedAt: offer.acceptedAt?.toISOString() ?? null,
    createdAt: offer.createdAt.toISOString(),
  };
}

/** POST /admin/auctions/:id/second-chance-offer: the unpaid lot, offered to the runner-up and mailed to them. */
export async function offerToRunnerUp(services: SecondChanceDeps, lotId: string): Promise<{ message: string; data: AdminSecondChanceOffer }> {
  const { prisma } = services.db;
  // A BTC lot's runner-up has signed a binding offer already: it wins at once, if still unspent.
  const kind = await prisma.lot.findUnique({ where: { id: lotId }, select: { paymentMethod: true, chainAuctionId: true } });
  if (kind?.paymentMethod === 'BTC') {
    const won = await secondChanceToNextOffer(services, lotId);
    return { message: won.message, data: presentAdminOffer(won.offer, won.to) };
  }
  // A runner-up's ETH bid is offered at its USD value now: the price is read before the lot is locked.
  const ethPrice = kind?.chainAuctionId ? await services.prices.holdPrice('ETH') : null;
  const made = await prisma.$transaction(async (tx) => {
    // One decision per lot at a time: two admins clicking at once make one offer.
    await tx.$queryRaw`SELECT 1 FROM "Lot" WHERE id = ${lotId} FOR NO KEY UPDATE`;
    const lot = await tx.lot.findUnique({ where: { id: lotId } });
    if (!lot) throw notFound(messages.browse.auctionNotFoundAdmin);
    if (!lot.unpaidAt || lot.paid) throw new Refused('conflict', unpaidMessages.notUnpaid, 'lot_not_unpaid');
    if (!offeredByCard(lot)) throw new Refused('conflict', unpaidMessages.usdOnly, 'second_chance_usd_only');
    await refuseWhileOffered(tx, lotId);
    const bid = await runnerUp(tx, lot);
    if (!bid) throw new Refused('conflict', unpaidMessages.noRunnerUp, 'no_runner_up');
    const cents = lot.chainAuctionId ? offerCents((ethPrice ?? (await services.prices.holdPrice('ETH'))).usdCents, lot, bid.amount) : BigInt(bid.amount.toFixed(0));
    if (cardCentsRefusal(cents)) throw new Refused('conflict', unpaidMessages.overCardLimit, 'over_card_limit');
    const expiresAt = new Date(Date.now() + services.config.unpaid.secondChanceOfferMs);
    const offer = await tx.secondChanceOffer.create({ data: { lotId, userId: bid.user.id, bidId: bid.id, amount: cents.toString(), expiresAt } });
    const mail = await tx.outboxMail.create({ data: secondChanceOfferMail(bid.user.email, lot.title, displayAmount(cents, 'USD'), expiresAt), select: { id: true } });
    return { offer, mail, to: bid.user };
  });
  await services.mailer.enqueue(made.mail.id).catch((err: Error) => services.log.warn({ err: err.message, lotId }, 'queueing the second-chance mail failed; the reconcile loop sends it'));
  const data = presentAdminOffer(made.offer, made.to);
  return { message: fill(unpaidMessages.offered, { email: made.to.email, amount: displayAmount(BigInt(made.offer.amount.toFixed(0)), 'USD') }), data };
}

/** A USD lot, or an on-chain lot (only a relayed card win left unpaid is ever voided there): offered by card. */
function offeredByCard(lot: Pick<Lot, 'paymentMethod' | 'chainAuctionId'>): boolean {
  return lot.paymentMethod === 'Manual' || lot.chainAuctionId !== null;
}

/** A conflict while an offer for the lot can still be accepted, or is being accepted: one offer stands at a time. */
async function refuseWhileOffered(db: Db, lotId: string): Promise<void> {
  const live = await db.secondChanceOffer.findFirst({ where: { lotId, OR: [{ status: 'accepting' }, { status: 'open', expiresAt: { gt: new Date() } }] } });
  if (live?.status === 'accepting') throw new Refused('conflict', unpaidMessages.offerInFlight, 'offer_in_flight');
  if (live) throw new Refused('conflict', fill(unpaidMessages.offerOpen, { expiresAt: live.expiresAt.toISOString() }), 'offer_open');
}

/** GET /second-chance-offers: the caller's offers still open. */
export async function openOffersOf(services: SecondChanceDeps, user: UserRow): Promise<SecondChanceOffer[]> {
  const rows = await services.db.prisma.secondChanceOffer.findMany({
    where: { userId: user.id, status: { in: ['open', 'accepting'] }, expiresAt: { gt: new Date() } },
    include: { lot: { select: { id: true, title: true, imageUrls: true, auctionEventId: true } } },
    orderBy: { expiresAt: 'asc' },
  });
  return rows.map((row) => ({
    _id: row.id,
    lotId: row.lotId,
    amount: usd(row.amount),
    unit: 'USD' as const,
    expiresAt: row.expiresAt.toISOString(),
    status: stateOf(row),
    lot: { _id: row.lot.id, title: row.lot.title, imageUrl: row.lot.imageUrls[0] ?? null, auctionEventId: row.lot.auctionEventId },
  }));
}

/** Why an offer that is not open cannot be accepted. */
function refusalOf(offer: OfferRow): Refused {
  const state = stateOf(offer);
  if (state === 'accepted') return new Refused('conflict', unpaidMessages.offerTaken, 'offer_taken');
  if (state === 'withdrawn') return new Refused('conflict', unpaidMessages.offerWithdrawn, 'offer_withdrawn');
  if (state === 'accepting') return new Refused('conflict', unpaidMessages.offerBusy, 'offer_busy');
  return new Refused('conflict', unpaidMessages.offerExpired, 'offer_expired');
}

/** POST /second-chance-offers/:id/accept: the saved card pays the offer, and the lot is the caller's. */
export async function acceptOffer(services: SecondChanceDeps, user: UserRow, offerId: string): Promise<SecondChanceAcceptReply> {
  const { prisma } = services.db;
  const { stripe } = services.payments;
  const offer = await prisma.secondChanceOffer.findUnique({ where: { id: offerId }, include: { lot: { select: { title: true } } } });
  if (!offer || offer.userId !== user.id) throw notFound(unpaidMessages.offerNotFound);
  if (stateOf(offer) !== 'open') throw refusalOf(offer);
  if (!user.stripeCustomerId || !user.stripePaymentMethodId) throw new Refused('forbidden', messages.gates.paymentMethod, 'gate_paymentMethod');
  const claimed = await prisma.secondChanceOffer.updateMany({ where: { id: offerId, status: 'open', expiresAt: { gt: new Date() } }, data: { status: 'accepting' } });
  if (claimed.count === 0) throw refusalOf(await prisma.secondChanceOffer.findUniqueOrThrow({ where: { id: offerId } }));

  const cents = await offerCharge(prisma, offer);
  let paymentIntentId: string;
  try {
    paymentIntentId = await holdOnCard(stripe, user, {
      cents,
      description: `Gavel second-chance offer: ${offer.lot.title}`,
      metadata: { purpose: PURPOSE.secondChance, lotId: offer.lotId, offerId },
      idempotencyKey: `second-chance:${offerId}:${randomUUID()}`,
    });
  } catch (error) {
    await reopen(prisma, offerId);
    throw error;
  }
  await prisma.secondChanceOffer.update({ where: { id: offerId }, data: { paymentIntentId } });
  // Cut short here (Stripe away), the offer stays accepting with its hold recorded: the sweep finishes it.
  const intent = await capturedIntent(stripe, paymentIntentId).catch((error: unknown) => {
    throw paymentSetupError(error);
  });
  const outcome = await settleCapture(services, offer, intent);
  if (outcome !== 'accepted') throw new Refused('payment_refused', paymentMessages.failed, 'payment_failed');
  return { message: unpaidMessages.accepted, data: { offerId, lotId: offer.lotId, amount: usd(offer.amount), paymentIntentId } };
}

/**
 * What a capture means for the offer: succeeded for exactly the amount, the caller is the winner of a paid lot;
 * anything else gives the offer back (a hold that is still there is released first). Safe to repeat.
 */
async function settleCapture(services: SecondChanceDeps, offer: OfferRow, intent: Stripe.PaymentIntent): Promise<'accepted' | 'reopened' | 'mismatch'> {
  const { prisma } = services.db;
  if (intent.status !== 'succeeded') {
    if (intent.status === 'requires_capture') await cancelIntent(services.payments.stripe, intent.id);
    await reopen(prisma, offer.id);
    return 'reopened';
  }
  const owed = await offerCharge(prisma, offer);
  if (intent.amount_received !== Number(owed) || intent.currency !== 'usd') {
    // The money moved but not as owed: nothing is marked paid, the offer closes, and the admin sees the payment.
    await prisma.$transaction([
      prisma.paymentMismatch.createMany({
        data: [
          {
            paymentIntentId: intent.id,
            purpose: PURPOSE.secondChance,
            lotIds: [offer.lotId],
            owedAmount: owed.toString(),
            owedCurrency: 'usd',
            receivedAmount: String(intent.amount_received),
            receivedCurrency: intent.currency,
            source: 'stripe',
          },
        ],
        skipDuplicates: true,
      }),
      prisma.secondChanceOffer.updateMany({ where: { id: offer.id, status: 'accepting' }, data: { status: 'withdrawn' } }),
    ]);
    services.log.error(
      { offerId: offer.id, paymentIntentId: intent.id, amountReceived: intent.amount_received },
      'a second-chance payment took another amount than offered: nothing paid, flagged for the admin',
    );
    return 'mismatch';
  }
  await prisma.$transaction(async (tx) => {
    const now = new Date();
    const taken = await tx.secondChanceOffer.updateMany({ where: { id: offer.id, status: 'accepting' }, data: { status: 'accepted', acceptedAt: now, paymentIntentId: intent.id } });
    if (taken.count === 0) return;
    // Relisting, offering again and marking paid are refused while the lot is unpaid with an offer accepting.
    const sold = await tx.lot.updateMany({
      where: { id: offer.lotId, unpaidAt: { not: null } },
      data: {
        winnerId: offer.userId,
        winningBidId: offer.bidId,
        winnerWalletAddress: null,
        soldPrice: offer.amount,
        paid: true,
        paidAt: now,
        txHash: intent.id,
        boughtNow: false,
        unpaidAt: null,
        paymentDueAt: null,
      },
    });
    if (sold.count === 0) services.log.error({ offerId: offer.id, paymentIntentId: intent.id }, 'a second-chance payment was taken for a lot no longer unpaid: refund it in Stripe');
    // The second-chance buyer's own invoice (at their tax, as charged) and the seller's statement at this price.
    else await issueSaleDocuments(tx, offer.lotId);
  });
  await lotsChanged(services, offer.lotId).catch((err: Error) => services.log.warn({ err: err.message, lotId: offer.lotId }, 'announcing a second-chance sale failed'));
  return 'accepted';
}

async function reopen(prisma: PrismaClient, offerId: string): Promise<void> {
  await prisma.secondChanceOffer.updateMany({ where: { id: offerId, status: 'accepting' }, data: { status: 'open' } });
}

/** The sweep's part: accepts cut short are finished from Stripe's state of their hold, or given back. */
export async function finishStuckAccepts(services: SecondChanceDeps): Promise<number> {
  const { prisma } = services.db;
  const stuck = await prisma.secondChanceOffer.findMany({ where: { status: 'accepting', updatedAt: { lt: new Date(Date.now() - STUCK_ACCEPT_MS) } }, take: 100 });
  for (const offer of stuck) {
    // No hold recorded: the request died before Stripe answered (a hold it made lapses unused).
    if (!offer.paymentIntentId) await reopen(prisma, offer.id);
    else await settleCapture(services, offer, await capturedIntent(services.payments.stripe, offer.paymentIntentId));
  }
  return stuck.length;
}

/**
 * What accepting an offer charges, in cents: its amount (the hammer it sells at), all in on a USD lot, with its
 * event's buyer's premium and the runner-up's tax (an ETH lot's offer is already all-in cents: offerCents).
 */
async function offerCharge(prisma: PrismaClient, offer: { lotId: string; userId: string; amount: { toFixed(digits: number): string } }): Promise<bigint> {
  const hammer = BigInt(offer.amount.toFixed(0));
  const lot = await prisma.lot.findUnique({ where: { id: offer.lotId }, select: { paymentMethod: true } });
  return lot?.paymentMethod === 'Manual' ? allInFor(prisma, offer.lotId, hammer, offer.userId) : hammer;
}
