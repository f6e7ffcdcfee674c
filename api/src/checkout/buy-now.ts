/**
 * Buy Now, which in the spec's words "ends the auction immediately and cancels all existing bids".
 *
 * By card: POST /payment/buy-now-intent gives the browser a manual-capture PaymentIntent for the lot's
 * buy-now price (the server's price; the client's amount is only checked against it). The browser confirms it
 * with the card, which holds the money, then calls POST /auctions/:id/buy-now with the intent. The purchase
 * is one transaction whose conditional update ends the lot only if it is still open, still offers Buy Now at
 * that price and no bid has reached it, so a racing bid or buyer either wins before (and this purchase is
 * refused, its hold released) or loses after. Only then is the hold captured: nobody pays for a lot they did
 * not get. On a BTC lot the purchase is a signed offer at the Buy Now price (btc-buy-now.ts), accepted by the same
 * conditional update. ADD TO CART (Manual) holds the saved card, or counts against the pay-later limit.
 * A USD purchase has a payment deadline (`paymentDueAt`, PAYMENT_DUE_MS): one not paid by then, with no card
 * hold standing for it, is voided (unpaid.ts).
 */
import Stripe from 'stripe';
import {
  buyNowRefusal,
  cardCentsRefusal,
  checkoutMessages,
  displayAmount,
  fill,
  formatAmount,
  messages,
  parseAmount,
  paymentMessages,
  phaseOf,
  shownStatus,
  unitFor,
  AmountError,
  type BuyNowBody,
  type BuyNowIntentReply,
  type BuyNowOfferBody,
  type BuyNowOfferReply,
  type BuyNowReply,
  type PaymentCurrency,
} from '@gavel/domain';
import type { Lot } from '../generated/prisma/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { UserRow } from '../auth/session.ts';
import { Refused, notFound } from '../refused.ts';
import { wonMail, type WonPayment } from '../mail/templates.ts';
import { announceLotChanged, tellWinner, type LotAnnouncer } from '../bidding/notify.ts';
import { isStripeUnavailable, providerUnavailable } from '../payments/stripe-client.ts';
import { cancelIntent, capturedIntent, isConfirmable, paymentSetupError, stripeAmount } from '../payments/intents.ts';
import { paymentCanceled, paymentSucceeded, PURPOSE } from '../payments/intent-state.ts';
import { withUserPaymentLock } from './user-lock.ts';
import { assertWhitelisted } from '../bidding/whitelist-gate.ts';
import { assertWithinBiddingLimit } from '../bidding/pay-later.ts';
import { holdOnCard, lapseOf, type HoldDeps } from '../payments/bid-holds.ts';
import { randomUUID } from 'node:crypto';
import { fullNameOf } from '../auth/user-name.ts';
import { buildBuyNowOffer, checkSignedBuyNowOffer, commitBtcPurchase, type SignedBuyNowOffer } from './btc-buy-now.ts';
import type { OfferBidDeps } from '../bidding/vault-bids.ts';
import { cancelDisplacedBids, tellDisplaced } from './buy-now-displaced.ts';
import { buyerLinesFor } from '../house/rates.ts';
import { invoiceLinkOf, issueSaleDocuments } from '../house/documents.ts';

/** A purchase holds or charges the card (Stripe), or takes a Bitcoin offer, then tells the buyer, the displaced and the watchers. */
export type BuyNowDeps = HoldDeps & OfferBidDeps & LotAnnouncer & { mailer: Mailer };

const bidMessages = messages.bids;

/**
 * The lot, if Buy Now is open on it now, its price in the smallest unit, and what a card pays for it: a USD lot's
 * price all in (with its event's buyer's premium and the buyer's tax, domain house-tax.ts), else the price. Throws the reason otherwise.
 */
export async function buyableLot(services: BuyNowDeps, user: UserRow, lotId: string): Promise<{ lot: Lot; price: bigint; charge: bigint; tax: bigint }> {
  const lot = await services.db.prisma.lot.findFirst({ where: { id: lotId, published: true } });
  if (!lot) throw notFound(messages.browse.auctionNotFound);
  if (lot.creatorId === user.id) throw new Refused('forbidden', bidMessages.ownLot, 'own_lot');
  await assertWhitelisted(services.db.prisma, user, lot.auctionEventId);
  const price = lot.buyNowPrice === null ? null : BigInt(lot.buyNowPrice.toFixed(0));
  const refusal = buyNowRefusal({
    phase: phaseOf(shownStatus(lot)),
    paymentMethod: lot.paymentMethod,
    buyNowEnabled: lot.buyNowEnabled,
    buyNowPrice: price,
    currentBid: lot.currentBid === null ? null : BigInt(lot.currentBid.toFixed(0)),
  });
  if (refusal) throw new Refused('conflict', refusal.message, refusal.code);
  // Not refused: the lot has a Buy Now price.
  const lines = lot.paymentMethod === 'Manual' ? await buyerLinesFor(services.db.prisma, lot.id, price!, user.id) : null;
  return { lot, price: price!, charge: lines?.total ?? price!, tax: lines?.tax ?? 0n };
}

/** POST /payment/buy-now-intent (the body's shape and minimums were checked by its schema). */
export async function createBuyNowIntent(services: BuyNowDeps, user: UserRow, body: { amount: string | number; auctionId: string; currency?: PaymentCurrency }): Promise<BuyNowIntentReply> {
  const { lot, price, charge, tax } = await buyableLot(services, user, body.auctionId);
  if ((body.currency ?? 'usd') !== 'usd' || lot.paymentMethod !== 'Manual') throw new Refused('invalid', checkoutMessages.cardUsdOnly, 'card_currency_unsupported');
  let amount: bigint;
  try {
    amount = parseAmount(body.amount, 'USD');
  } catch (error) {
    if (error instanceof AmountError) throw new Refused('invalid', paymentMessages.invalidAmount, 'validation_failed', { amount: paymentMessages.invalidAmount });
    throw error;
  }
  // The server's price decides; a stale or tampered amount is refused with the real price beside it.
  if (amount !== price) throw new Refused('invalid', paymentMessages.invalidAmount, 'amount_mismatch', { amount: paymentMessages.invalidAmount }, { buyNowPrice: formatAmount(price, 'USD') });
  // The card pays the price all in.
  const refused = cardCentsRefusal(charge);
  if (refused) throw new Refused('invalid', refused, 'validation_failed', { amount: refused });

  const { stripe, config } = services.payments;
  const pi = await withUserPaymentLock(services.redis, services.config.redisPrefix, user.id, async () => {
    const { prisma } = services.db;
    const where = { kind: 'buy_now' as const, userId: user.id, lotIds: { equals: [lot.id] } };
    // Asked again (modal reopened, double click): the intent the browser has not paid yet is handed out again.
    const open = await prisma.cardPayment.findFirst({ where: { ...where, status: 'open', amount: charge.toString() }, orderBy: { createdAt: 'desc' } });
    if (open) {
      const existing = await stripe.paymentIntents.retrieve(open.paymentIntentId);
      if (isConfirmable(existing.status)) return existing;
    }
    const attempt = await prisma.cardPayment.count({ where });
    const withCard = user.stripeCustomerId && user.stripePaymentMethodId ? { customer: user.stripeCustomerId, payment_method: user.stripePaymentMethodId } : {};
    const idempotencyKey = `buy-now:${user.id}:${lot.id}:${charge}:${attempt}`;
    const created = await stripe.paymentIntents.create(
      {
        amount: stripeAmount(charge),
        currency: 'usd',
        ...withCard,
        allowed_payment_method_types: ['card'],
        // Held, not taken: captured only once the purchase has committed.
        capture_method: 'manual',
        description: `Gavel Buy Now: ${lot.title}`,
        metadata: { purpose: PURPOSE.buyNow, lotId: lot.id, userId: user.id },
      },
      { idempotencyKey },
    );
    await prisma.cardPayment.createMany({
      data: [{ kind: 'buy_now', userId: user.id, lotIds: [lot.id], amount: charge.toString(), currency: 'usd', paymentIntentId: created.id, idempotencyKey }],
      skipDuplicates: true,
    });
    return created;
  }).catch((error: unknown) => {
    throw paymentSetupError(error);
  });
  return {
    clientSecret: pi.client_secret!,
    paymentIntentId: pi.id,
    publishableKey: config.publishableKey,
    stripeApiUrl: config.browserApiUrl,
    amount: formatAmount(charge, 'USD'),
    ...(tax > 0n ? { tax: formatAmount(tax, 'USD') } : {}),
    currency: 'usd',
  };
}

/** POST /auctions/:id/buy-now */
export async function buyNow(services: BuyNowDeps, user: UserRow, lotId: string, body: BuyNowBody): Promise<BuyNowReply> {
  const pi = body.paymentMethod === 'Stripe' ? (body.paymentIntentId ?? null) : null;
  const done = await alreadyBought(services, user, lotId, body.paymentMethod, pi);
  if (done) return done;
  let bought: Awaited<ReturnType<typeof purchase>>;
  try {
    bought = await purchase(services, user, lotId, body, pi);
  } catch (error) {
    // A duplicate of this very request got there first: answer it again (its hold is the sale's, never released).
    const again = await alreadyBought(services, user, lotId, body.paymentMethod, pi);
    if (again) return again;
    // Refused: the money its card holds for it goes back at once, whatever refused it.
    if (pi && (await isOwnBuyNowIntent(services, user, lotId, pi))) {
      await releaseBuyNowHold(services, pi).catch((err: Error) => services.log.error({ err: err.message, pi }, 'could not release the hold of a refused Buy Now; the payments sweep retries'));
    }
    throw error;
  }
  const { lot, price, wallet, won } = bought;
  // The card hold behind the purchase: the paid Buy Now intent, or an ADD TO CART hold (captured later).
  const held = bought.pi;
  const capturesNow = body.paymentMethod === 'Stripe';

  // Committed: the rest follows, and each step is redone by a job or the sweep if it fails here.
  const after = (what: string) => (err: Error) => services.log.warn({ err: err.message, lotId }, `buy now: ${what} failed; it will be retried`);
  await services.payments.jobs.settleLot(lotId).catch(after('releasing other bids’ holds'));
  await tellDisplaced(services, won.displaced);
  if (won.mailId) await services.mailer.enqueue(won.mailId).catch(after('queueing the won mail'));
  await tellWinner(services, user.id, lot, displayAmount(price, unitFor(lot.paymentMethod))).catch((err: Error) =>
    services.log.warn({ err: err.message, lotId }, 'buy now: telling the buyer of the win failed'),
  );
  await announceLotChanged(services, lotId).catch(after('announcing'));
  let paid = false;
  if (held && capturesNow) {
    paid = await captureBuyNowPayment(services, held).catch(async (err: Error) => {
      after('capturing')(err);
      await services.payments.jobs.captureBuyNow(held).catch(after('queueing the capture'));
      return false;
    });
  }
  return reply(user, lot, price, body.paymentMethod, held, held ? (paid ? 'paid' : 'processing') : 'awaiting_payment', wallet);
}

/**
 * The purchase itself: Buy Now still open at this price, the payment checked or the card held, then the
 * committing transaction. Without money held (Manual, no saved card) the buyer's pay-later bidding limit must
 * cover the price.
 */
async function purchase(services: BuyNowDeps, user: UserRow, lotId: string, body: BuyNowBody, paying: string | null) {
  const { lot, price, charge } = await buyableLot(services, user, lotId);
  checkMethod(lot, body);
  if (body.paymentMethod === 'Stripe') await checkHeldPayment(services, user, lot, charge, body.paymentIntentId);
  // BTC: the signed offer is the payment, checked on the chain before anything changes.
  const signed = body.paymentMethod === 'BTC' ? await checkSignedBuyNowOffer(services, user, lot, price, body.bidId, body.signedPsbtHex) : null;
  const wallet = signed?.offer.walletAddress ?? null;
  // ADD TO CART (Manual) with a saved card: the card is held for the price now, so the purchase is backed.
  const cartHold = body.paymentMethod === 'Manual' && user.stripeCustomerId && user.stripePaymentMethodId ? await holdForCart(services, user, lot, charge) : null;
  const pi = paying ?? cartHold?.paymentIntentId ?? null;
  const won = await commitPurchase(services, user, lot, price, charge, wallet, pi, body.paymentMethod === 'Manual' && !cartHold, signed).catch(async (error: unknown) => {
    if (cartHold)
      await releaseBuyNowHold(services, cartHold.paymentIntentId).catch((err: Error) =>
        services.log.error({ err: err.message }, 'could not release a refused ADD TO CART hold; the payments sweep retries'),
      );
    throw error;
  });
  if (cartHold)
    await services.payments.jobs
      .captureCartHoldAt(cartHold.paymentIntentId, cartHold.captureAfter)
      .catch((err: Error) => services.log.warn({ err: err.message, lotId }, 'queueing the cart hold capture failed; the payments sweep captures it after its deadline'));
  return { lot, price, wallet, won, pi };
}

/** Holds the saved card for the Buy Now price (all in) until the cart's checkout (or its deadline) captures it. */
async function holdForCart(services: BuyNowDeps, user: UserRow, lot: Lot, price: bigint): Promise<{ paymentIntentId: string; captureAfter: Date }> {
  const refused = cardCentsRefusal(price);
  if (refused) throw new Refused('invalid', refused, 'validation_failed', { amount: refused });
  const idempotencyKey = `cart-hold:${user.id}:${lot.id}:${randomUUID()}`;
  const paymentIntentId = await holdOnCard(services.payments.stripe, user, {
    cents: price,
    description: `Gavel Buy Now: ${lot.title} (held; charged at checkout or within ${Math.round(services.payments.config.cartHoldCaptureMs / 3600_000)} hours)`,
    metadata: { purpose: PURPOSE.buyNow, lotId: lot.id },
    idempotencyKey,
  });
  const captureAfter = new Date(Date.now() + services.payments.config.cartHoldCaptureMs);
  await services.db.prisma.cardPayment.create({
    data: {
      kind: 'buy_now',
      userId: user.id,
      lotIds: [lot.id],
      amount: price.toString(),
      currency: 'usd',
      paymentIntentId,
      idempotencyKey,
      status: 'authorized',
      captureAfter,
      holdLapsesAt: lapseOf(services),
    },
  });
  return { paymentIntentId, captureAfter };
}

/**
 * One transaction whose conditional update ends the lot only if it is still open, still offers Buy Now at that
 * price and no bid has reached it; `payLater`: nothing holds money for it, so the buyer's bidding limit must
 * cover the price, checked in the same transaction.
 */
async function commitPurchase(
  services: BuyNowDeps,
  user: UserRow,
  lot: Lot,
  price: bigint,
  charge: bigint,
  wallet: string | null,
  pi: string | null,
  payLater: boolean,
  signed: SignedBuyNowOffer | null,
) {
  const lotId = lot.id;
  const payBy = lot.paymentMethod === 'Manual' ? new Date(Date.now() + services.config.unpaid.paymentDueMs) : null;
  const won = await services.db.prisma.$transaction(async (tx) => {
    if (payLater) await assertWithinBiddingLimit(tx, user.id, lotId, price);
    const [row] = await tx.$queryRaw<Array<{ id: string }>>`
      UPDATE "Lot" SET status = 'ended', "closedAt" = now(), "updatedAt" = now(), "winnerId" = ${user.id}, "winnerWalletAddress" = ${wallet},
             "soldPrice" = "buyNowPrice", "boughtNow" = true, "txHash" = ${pi}, "paymentDueAt" = ${payBy}
       WHERE id = ${lotId} AND published AND status IN ('upcoming', 'live') AND "startTime" <= now() AND "endTime" > now()
         AND "buyNowEnabled" AND "buyNowPrice" = ${price.toString()}::numeric AND ("currentBid" IS NULL OR "currentBid" < "buyNowPrice")
      RETURNING id`;
    if (!row) return null;
    const displaced = await cancelDisplacedBids(tx, lot, user.id);
    // Bought: the invoice and the statement, numbered in this transaction as at a close (a Bitcoin purchase's once
    // its signed offer is the winning bid, whose swap pays the platform fee the invoice names).
    if (signed) {
      const committed = await commitBtcPurchase(tx, services, user, lot, price, signed);
      await issueSaleDocuments(tx, lotId);
      return { ...committed, displaced };
    }
    await issueSaleDocuments(tx, lotId);
    if (pi) await tx.cardPayment.updateMany({ where: { paymentIntentId: pi, status: { in: ['open', 'authorized'] } }, data: { status: 'authorized' } });
    // As at a close: the mail that asks for a payment always goes; the one that says the card hold will be
    // charged only if wanted (the charge, or its failure, is told afterwards: card-outcome-mails.ts).
    const payment: WonPayment = pi ? { by: 'card_hold', charge: displayAmount(charge, 'USD'), upTo: false } : { by: 'pay_from_cart', dueAt: payBy };
    if (payment.by === 'card_hold' && !user.emailWon) return { mailId: null, displaced };
    const mail = await tx.outboxMail.create({
      data: wonMail({ email: user.email, userId: user.id }, lot.title, displayAmount(price, unitFor(lot.paymentMethod)), lot.id, lot.auctionEventId, payment, await invoiceLinkOf(tx, lotId)),
      select: { id: true },
    });
    return { mailId: mail.id, displaced };
  });
  if (!won) {
    // A racing bid or buyer got there first: the reason, as buyableLot words it.
    await buyableLot(services, user, lotId);
    throw new Refused('conflict', checkoutMessages.purchaseFailed, 'purchase_failed');
  }
  return won;
}

/** The intent is this user's Buy Now intent for this lot (never release anyone else's). */
async function isOwnBuyNowIntent(services: BuyNowDeps, user: UserRow, lotId: string, paymentIntentId: string): Promise<boolean> {
  const record = await services.db.prisma.cardPayment.findUnique({ where: { paymentIntentId } });
  return record?.kind === 'buy_now' && record.userId === user.id && record.lotIds[0] === lotId;
}

/** Takes the held buy-now price once the purchase has committed; true when the lot is paid. */
export async function captureBuyNowPayment(services: BuyNowDeps, paymentIntentId: string): Promise<boolean> {
  const intent = await capturedIntent(services.payments.stripe, paymentIntentId);
  const status = intent.status;
  if (status === 'succeeded') {
    const { outcome } = await paymentSucceeded(services.db.prisma, intent, 'stripe', services.mailer);
    if (outcome === 'mismatch')
      services.log.error({ paymentIntentId, amountReceived: intent.amount_received }, 'a buy now hold was captured for another amount than the price: nothing paid, flagged for the admin');
    return outcome === 'paid';
  }
  services.log.warn({ paymentIntentId, status }, 'buy now hold could not be captured; the buyer pays in the cart');
  if (status === 'canceled') await paymentCanceled(services.db.prisma, paymentIntentId, services.mailer);
  return false;
}

/** Gives a buyer who did not get the lot their money back. */
export async function releaseBuyNowHold(services: BuyNowDeps, paymentIntentId: string): Promise<void> {
  const status = await cancelIntent(services.payments.stripe, paymentIntentId);
  if (status === 'canceled') await paymentCanceled(services.db.prisma, paymentIntentId, services.mailer);
  else services.log.error({ paymentIntentId, status }, 'a buy now hold for a lot the buyer did not get could not be released');
}

/** The same purchase, already made (a retried request): answer it again instead of refusing. */
async function alreadyBought(services: BuyNowDeps, user: UserRow, lotId: string, method: BuyNowBody['paymentMethod'], pi: string | null): Promise<BuyNowReply | null> {
  const lot = await services.db.prisma.lot.findFirst({ where: { id: lotId, boughtNow: true, winnerId: user.id, txHash: pi } });
  if (!lot) return null;
  const state = lot.paid ? 'paid' : pi ? 'processing' : 'awaiting_payment';
  return reply(user, lot, BigInt(lot.soldPrice!.toFixed(0)), method, pi, state, lot.winnerWalletAddress);
}

/** The payment the buyer chose must be one the lot takes: a card or pay later for USD lots, a signed offer for BTC lots. */
function checkMethod(lot: Lot, body: Pick<BuyNowBody, 'paymentMethod'>): void {
  const method = body.paymentMethod;
  const allowed = lot.paymentMethod === 'Manual' ? ['Stripe', 'Manual'] : lot.paymentMethod === 'BTC' ? ['BTC'] : [];
  if (method === 'Stripe' && lot.paymentMethod !== 'Manual') throw new Refused('invalid', checkoutMessages.cardUsdOnly, 'card_currency_unsupported');
  if (!allowed.includes(method)) throw new Refused('invalid', fill(checkoutMessages.buyNowMethod, { method }), 'buy_now_method');
}

/** POST /auctions/:id/buy-now/offer: a BTC lot's Buy Now swap, built for the buyer's wallet to sign. */
export async function createBuyNowOffer(services: BuyNowDeps, user: UserRow, lotId: string, body: BuyNowOfferBody): Promise<BuyNowOfferReply> {
  const { lot, price } = await buyableLot(services, user, lotId);
  checkMethod(lot, { paymentMethod: 'BTC' });
  return buildBuyNowOffer(services, user, lot, price, body);
}

/** The card payment must be this user's Buy Now intent for this lot, holding exactly the price. */
async function checkHeldPayment(services: BuyNowDeps, user: UserRow, lot: Lot, price: bigint, paymentIntentId: string | undefined): Promise<void> {
  if (!paymentIntentId) throw new Refused('invalid', checkoutMessages.paymentIntentRequired, 'payment_intent_required', { paymentIntentId: checkoutMessages.paymentIntentRequired });
  const record = await services.db.prisma.cardPayment.findUnique({ where: { paymentIntentId } });
  if (record?.kind !== 'buy_now' || record.userId !== user.id || record.lotIds[0] !== lot.id) throw new Refused('invalid', checkoutMessages.paymentMismatch, 'payment_mismatch');
  const intent = await services.payments.stripe.paymentIntents.retrieve(paymentIntentId).catch(unavailable);
  const meta = intent.metadata ?? {};
  if (meta.purpose !== PURPOSE.buyNow || meta.lotId !== lot.id || meta.userId !== user.id || intent.currency !== 'usd')
    throw new Refused('invalid', checkoutMessages.paymentMismatch, 'payment_mismatch');
  // The price changed since the intent was made: the buyer must start again at the new price.
  if (BigInt(intent.amount) !== price) throw new Refused('invalid', paymentMessages.invalidAmount, 'amount_mismatch', undefined, { buyNowPrice: formatAmount(price, 'USD') });
  if (intent.status !== 'requires_capture' && intent.status !== 'succeeded') throw new Refused('payment_refused', paymentMessages.failed, 'payment_not_authorized');
}

function reply(user: UserRow, lot: Lot, price: bigint, method: BuyNowBody['paymentMethod'], pi: string | null, paymentState: BuyNowReply['data']['paymentState'], wallet: string | null): BuyNowReply {
  const unit = unitFor(lot.paymentMethod);
  const name = fullNameOf(user);
  return {
    message: checkoutMessages.purchased,
    data: {
      auctionId: lot.id,
      status: 'ended',
      soldPrice: formatAmount(price, unit),
      unit,
      paymentMethod: method,
      paymentState,
      paymentIntentId: pi,
      winner: { id: user.id, name, walletAddress: wallet },
    },
  };
}

function unavailable(error: unknown): never {
  if (isStripeUnavailable(error)) throw providerUnavailable();
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') throw new Refused('invalid', checkoutMessages.paymentMismatch, 'payment_mismatch');
  throw error;
}
