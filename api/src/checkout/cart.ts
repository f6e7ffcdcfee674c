/**
 * The cart and final checkout (the checkout's last steps: congratulations -> cart -> final-checkout). The cart is what lies
 * between winning a lot and receiving it: every lot the user won (by bid or Buy Now) that is not yet
 * transferred, with what it costs and whether it is paid. Final checkout pays the selected USD lots in one
 * PaymentIntent for their real total (service fee $0); the webhook marks them paid.
 *
 * Nothing is charged twice:
 * - a won card bid's hold is being captured ("processing") or was captured (paid): neither can be selected;
 * - the intent's idempotency key is derived from the user, the sorted lot ids, the total, the card and how
 *   many intents that selection had before, so racing requests share one intent;
 * - preparing a checkout cancels the user's other unpaid checkout intents covering any of the same lots (under
 *   a per-user lock), and one that turns out to have been paid meanwhile is recorded and the new one refused.
 */
import { createHash } from 'node:crypto';
import {
  bitcoinSwapOf,
  cardCentsRefusal,
  checkoutMessages,
  formatAmount,
  paymentMessages,
  unitFor,
  type CartItem,
  type CartReply,
  type CheckoutReply,
  type PayHeldReply,
  type PaymentState,
} from '@gavel/domain';
import type { Lot, PrismaClient } from '../generated/prisma/client.ts';
import type { UserRow } from '../auth/session.ts';
import { Refused } from '../refused.ts';
import { cancelIntent, isConfirmable, paymentSetupError, stripeAmount } from '../payments/intents.ts';
import { HELD_AT_STRIPE, paymentCanceled, paymentSucceeded, PURPOSE } from '../payments/intent-state.ts';
import { withUserPaymentLock } from './user-lock.ts';
import { captureBuyNowPayment, type BuyNowDeps } from './buy-now.ts';
import { cardPrices, priceOf as price } from '../payments/card-price.ts';

const CART_LIMIT = 100;
export const SERVICE_FEE = '0.00';
const SWAP_SHOWN_MS = 7 * 86_400_000;

/** GET /cart */
export async function listCart(services: BuyNowDeps, user: UserRow): Promise<CartReply> {
  const { prisma } = services.db;
  // A purchase voided for non-payment is no longer the user's (their profile counts it instead).
  // A Bitcoin swap stays listed a week after its confirmation, so its buyer sees it arrive.
  const swapSeen = new Date(Date.now() - SWAP_SHOWN_MS);
  const lots = await prisma.lot.findMany({
    where: { winnerId: user.id, status: 'ended', unpaidAt: null, OR: [{ transferred: false }, { swapTxid: { not: null }, transferredAt: { gt: swapSeen } }] },
    orderBy: { closedAt: 'desc' },
    take: CART_LIMIT,
  });
  const states = await paymentStates(prisma, lots);
  const holds = await cartHolds(
    prisma,
    user.id,
    lots.map((l) => l.id),
  );
  const byCard = await cardPrices(prisma, lots);
  const invoices = new Map(
    (await prisma.invoice.findMany({ where: { lotId: { in: lots.map((l) => l.id) }, voidedAt: null }, select: { id: true, lotId: true, premium: true, tax: true } })).map((i) => [i.lotId, i]),
  );
  const items = lots.map((lot) => {
    const item = itemOf(lot, states.get(lot.id)!, holds.get(lot.id)?.captureAfter ?? null, byCard.get(lot.id) ?? null);
    const invoice = invoices.get(lot.id);
    return invoice ? { ...item, ...invoiceLines(item.unit, invoice), invoiceId: invoice.id } : item;
  });
  const due = new Map<CartItem['unit'], bigint>();
  for (const lot of lots) {
    if (states.get(lot.id) !== 'awaiting_payment') continue;
    const unit = unitFor(lot.paymentMethod);
    // A USD lot is owed all in (its buyer's premium and tax too: payments/card-price.ts).
    due.set(unit, (due.get(unit) ?? 0n) + (unit === 'USD' ? (byCard.get(lot.id) ?? price(lot)) : price(lot)));
  }
  return { items, due: [...due].map(([unit, amount]) => ({ unit, amount: formatAmount(amount, unit) })), serviceFee: SERVICE_FEE };
}

/** The cart's rule for paying a lot by card in final checkout: awaiting payment, with a USD price (payments/card-price.ts). */
function payableHere(paymentState: PaymentState, cardCents: bigint | null): boolean {
  return paymentState === 'awaiting_payment' && cardCents !== null;
}

/** Which of these lots the user's cart lists and lets them pay by card (GET /me/won says where to pay). */
export async function payableInCart(prisma: PrismaClient, userId: string, lots: Lot[]): Promise<Set<string>> {
  const inCart = lots.filter((lot) => lot.winnerId === userId && lot.status === 'ended' && !lot.transferred && !lot.unpaidAt);
  const [states, byCard] = await Promise.all([paymentStates(prisma, inCart), cardPrices(prisma, inCart)]);
  return new Set(inCart.filter((lot) => payableHere(states.get(lot.id)!, byCard.get(lot.id) ?? null)).map((lot) => lot.id));
}

/** POST /cart/checkout: one PaymentIntent for the selected lots (sorted, unique ids). */
export async function checkout(services: BuyNowDeps, user: UserRow, lotIds: string[]): Promise<CheckoutReply> {
  const { prisma } = services.db;
  const { stripe, config } = services.payments;
  return withUserPaymentLock(services.redis, services.config.redisPrefix, user.id, async () => {
    const lots = await prisma.lot.findMany({ where: { id: { in: lotIds } }, orderBy: { id: 'asc' } });
    const states = await paymentStates(prisma, lots);
    for (const id of lotIds) {
      const lot = lots.find((l) => l.id === id);
      if (!lot || lot.winnerId !== user.id || lot.status !== 'ended' || lot.unpaidAt)
        throw new Refused('conflict', checkoutMessages.notOwed, 'not_owed', { lotIds: checkoutMessages.notOwed }, { lotId: id });
      if (lot.paid) throw new Refused('conflict', checkoutMessages.alreadyPaid, 'already_paid', { lotIds: checkoutMessages.alreadyPaid }, { lotId: id });
      if (states.get(id) === 'processing') throw new Refused('conflict', checkoutMessages.paymentProcessing, 'payment_processing', { lotIds: checkoutMessages.paymentProcessing }, { lotId: id });
    }
    // USD lots, and BTC lots won by a card bid whose hold could not be charged (their USD amount); no coin lot.
    const byCard = await cardPrices(prisma, lots);
    const inCoin = lots.filter((l) => byCard.get(l.id) == null).length;
    if (inCoin > 0 && inCoin < lots.length) throw new Refused('invalid', checkoutMessages.mixedCurrencies, 'mixed_currencies', { lotIds: checkoutMessages.mixedCurrencies });
    if (inCoin > 0) throw new Refused('invalid', checkoutMessages.cardUsdOnly, 'card_currency_unsupported', { lotIds: checkoutMessages.cardUsdOnly });
    const cents = (lot: Lot) => byCard.get(lot.id)!;
    const total = lots.reduce((sum, lot) => sum + cents(lot), 0n);
    const refused = cardCentsRefusal(total);
    if (refused) throw new Refused('invalid', refused, 'validation_failed', { lotIds: refused });

    const open = await prisma.cardPayment.findMany({ where: { userId: user.id, kind: 'checkout', status: 'open' } });
    const same = open.find((p) => sameIds(p.lotIds, lotIds) && BigInt(p.amount.toFixed(0)) === total);
    for (const other of open) {
      if (other === same || !other.lotIds.some((id) => lotIds.includes(id))) continue;
      await settleReplaced(services, other.paymentIntentId);
    }
    let intent = same ? await stripe.paymentIntents.retrieve(same.paymentIntentId) : null;
    if (intent && !isConfirmable(intent.status)) {
      await settleReplaced(services, intent.id);
      intent = null;
    }
    if (!intent) {
      const attempt = await prisma.cardPayment.count({ where: { userId: user.id, kind: 'checkout', lotIds: { equals: lotIds } } });
      const withCard = user.stripeCustomerId && user.stripePaymentMethodId ? { customer: user.stripeCustomerId, payment_method: user.stripePaymentMethodId } : {};
      const idempotencyKey = `checkout:${user.id}:${digest([...lotIds, total, user.stripePaymentMethodId ?? '-', attempt].join('|'))}`;
      intent = await stripe.paymentIntents.create(
        {
          amount: stripeAmount(total),
          currency: 'usd',
          ...withCard,
          allowed_payment_method_types: ['card'],
          capture_method: 'automatic',
          description: `Gavel checkout: ${lots.length} lot${lots.length === 1 ? '' : 's'}`,
          metadata: { purpose: PURPOSE.checkout, userId: user.id, lots: String(lots.length) },
        },
        { idempotencyKey },
      );
      await prisma.cardPayment.createMany({
        data: [{ kind: 'checkout', userId: user.id, lotIds, amount: total.toString(), currency: 'usd', paymentIntentId: intent.id, idempotencyKey }],
        skipDuplicates: true,
      });
    }
    return {
      clientSecret: intent.client_secret!,
      paymentIntentId: intent.id,
      publishableKey: config.publishableKey,
      stripeApiUrl: config.browserApiUrl,
      total: formatAmount(total, 'USD'),
      serviceFee: SERVICE_FEE,
      currency: 'usd' as const,
      items: lots.map((lot) => ({ lotId: lot.id, title: lot.title, amount: formatAmount(cents(lot), 'USD') })),
    };
  }).catch((error: unknown) => {
    throw paymentSetupError(error);
  });
}

/** The user's ADD TO CART holds still standing for these lots, by lot. */
async function cartHolds(prisma: PrismaClient, userId: string, lotIds: string[]) {
  const rows = await prisma.cardPayment.findMany({ where: { userId, kind: 'buy_now', status: 'authorized', captureAfter: { not: null }, lotIds: { hasSome: lotIds } } });
  return new Map(rows.map((row) => [row.lotIds[0]!, row]));
}

/** POST /cart/pay-held: the cart pays its ADD TO CART lots by capturing their holds now, instead of at the deadline. */
export async function payHeld(services: BuyNowDeps, user: UserRow, lotIds: string[]): Promise<PayHeldReply> {
  const { prisma } = services.db;
  const holds = await cartHolds(prisma, user.id, lotIds);
  const lots = await prisma.lot.findMany({ where: { id: { in: lotIds } } });
  for (const id of lotIds) {
    const lot = lots.find((l) => l.id === id);
    const hold = holds.get(id);
    // Only the hold that bought the lot (its txHash) is this lot's payment.
    if (!lot || lot.winnerId !== user.id || !hold || lot.txHash !== hold.paymentIntentId)
      throw new Refused('conflict', checkoutMessages.notHeld, 'not_held', { lotIds: checkoutMessages.notHeld }, { lotId: id });
  }
  const receipts: PayHeldReply['receipts'] = [];
  for (const id of lotIds) {
    const hold = holds.get(id)!;
    if (await captureBuyNowPayment(services, hold.paymentIntentId))
      receipts.push({ lotId: id, amount: formatAmount(BigInt(hold.amount.toFixed(0)), 'USD'), chargedAt: new Date().toISOString(), reference: hold.paymentIntentId });
  }
  const paid = receipts.map((receipt) => receipt.lotId);
  if (paid.length < lotIds.length) throw new Refused('payment_refused', paymentMessages.failed, 'capture_failed', undefined, { paid: paid.join(',') });
  return { message: checkoutMessages.paid, paid, receipts };
}

/**
 * An earlier checkout intent covering some of these lots must not stay payable: cancel it. If the browser paid
 * it meanwhile, record that (its lots are now paid) and refuse the new checkout; if it took another amount than
 * owed, it paid nothing (the admin sees it) and the new checkout goes on.
 */
async function settleReplaced(services: BuyNowDeps, paymentIntentId: string): Promise<void> {
  const { stripe } = services.payments;
  const status = await cancelIntent(stripe, paymentIntentId);
  if (status === 'canceled') return paymentCanceled(services.db.prisma, paymentIntentId, services.mailer);
  if (status === 'succeeded') {
    const { outcome } = await paymentSucceeded(services.db.prisma, await stripe.paymentIntents.retrieve(paymentIntentId), 'stripe', services.mailer);
    if (outcome === 'mismatch') return;
    throw new Refused('conflict', checkoutMessages.alreadyPaid, 'already_paid');
  }
  throw new Refused('conflict', checkoutMessages.paymentProcessing, 'payment_processing');
}

/**
 * paid; processing: money is held and being taken (a won card bid's hold before its capture, a Buy Now hold
 * before its capture), so paying again would charge twice; otherwise awaiting_payment. A winning hold counts as
 * taken from the moment its release or capture starts until the lot records the outcome: a capture whose
 * bookkeeping lags, or a release that may still be refused, must never let the buyer pay a second time.
 */
export async function paymentStates(prisma: PrismaClient, lots: Lot[]): Promise<Map<string, PaymentState>> {
  const winningBids = lots.filter((l) => !l.paid && l.winningBidId).map((l) => l.winningBidId!);
  const buyNowIntents = lots.filter((l) => !l.paid && l.boughtNow && l.txHash).map((l) => l.txHash!);
  const [held, buying] = await Promise.all([
    winningBids.length ? prisma.bid.findMany({ where: { id: { in: winningBids }, holdStatus: { in: [...HELD_AT_STRIPE, 'captured'] } }, select: { id: true } }) : [],
    buyNowIntents.length ? prisma.cardPayment.findMany({ where: { paymentIntentId: { in: buyNowIntents }, status: { in: ['open', 'authorized'] } }, select: { paymentIntentId: true } }) : [],
  ]);
  const heldBids = new Set(held.map((b) => b.id));
  const heldBuys = new Set(buying.map((p) => p.paymentIntentId));
  return new Map(
    lots.map((lot) => {
      if (lot.paid) return [lot.id, 'paid'];
      // A swap broadcast pays the lot at its confirmation, with nothing left for the buyer to do.
      if (lot.swapTxid) return [lot.id, 'processing'];
      if ((lot.winningBidId && heldBids.has(lot.winningBidId)) || (lot.txHash && heldBuys.has(lot.txHash))) return [lot.id, 'processing'];
      return [lot.id, 'awaiting_payment'];
    }),
  );
}

/**
 * A USD lot's buyer's premium and tax, each its own line, from its invoice (what its card amount adds up). A coin
 * lot's premium and tax are not collected by card, so the cart names none.
 */
function invoiceLines(unit: CartItem['unit'], invoice: { premium: { toFixed(digits: number): string }; tax: { toFixed(digits: number): string } }): Pick<CartItem, 'premium' | 'tax'> {
  if (unit !== 'USD') return {};
  const premium = BigInt(invoice.premium.toFixed(0));
  const tax = BigInt(invoice.tax.toFixed(0));
  return { ...(premium > 0n ? { premium: formatAmount(premium, 'USD') } : {}), ...(tax > 0n ? { tax: formatAmount(tax, 'USD') } : {}) };
}

function itemOf(lot: Lot, paymentState: PaymentState, heldUntil: Date | null, cardCents: bigint | null): CartItem {
  const unit = unitFor(lot.paymentMethod);
  const payableByCard = payableHere(paymentState, cardCents);
  return {
    lotId: lot.id,
    source: lot.boughtNow ? 'buy_now' : 'won',
    amount: formatAmount(price(lot), unit),
    unit,
    paymentState,
    payableByCard,
    cardAmount: payableByCard && cardCents !== null ? formatAmount(cardCents, 'USD') : null,
    closedAt: lot.closedAt?.toISOString() ?? null,
    paidAt: lot.paidAt?.toISOString() ?? null,
    txHash: lot.paid ? lot.txHash : null,
    heldUntil: paymentState === 'processing' && heldUntil ? heldUntil.toISOString() : null,
    payBy: paymentState === 'awaiting_payment' ? (lot.paymentDueAt?.toISOString() ?? null) : null,
    bitcoinSwap: bitcoinSwapOf(lot),
    lot: { _id: lot.id, title: lot.title, imageUrl: lot.imageUrls[0] ?? null, paymentMethod: lot.paymentMethod, auctionType: lot.auctionType, auctionEventId: lot.auctionEventId },
  };
}

function sameIds(a: string[], b: string[]): boolean {
  return a.length === b.length && [...a].sort().every((id, i) => id === b[i]);
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 40);
}
