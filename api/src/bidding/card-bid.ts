/**
 * Placing a card bid on an off-chain lot (USD, or BTC in sats): the card is held first, for the most the bid can
 * come to pay all in, and only then is the bid written; a refused write gives the hold back. What happens to the
 * hold afterwards (released, captured, renewed) is payments/bid-holds.ts.
 */
import { randomUUID } from 'node:crypto';
import { cardAmountRefusal, cardHoldCents, messages, tableFor, taxRateFor, type CardBidUnit } from '@gavel/domain';
import { lotTaxTable } from '../house/rates.ts';
import type { UserRow } from '../auth/session.ts';
import { Refused } from '../refused.ts';
import { holdOnCard, lapseOf, type HoldDeps } from '../payments/bid-holds.ts';
import { cancelIntent } from '../payments/intents.ts';
import { clearPendingHold } from '../payments/pending-holds.ts';
import { commitBid } from './place-bid.ts';
import type { AdmittedBid, PlacedBid } from './bid-types.ts';

/** A card bid the intake admitted (USD and BTC lots): authorise, then write; a refused write releases its hold. */
export async function placeCardBid(services: Pick<HoldDeps, 'db' | 'log' | 'payments' | 'prices'>, user: UserRow, bid: AdmittedBid): Promise<PlacedBid> {
  const { payments, log } = services;
  const unit = bid.unit as CardBidUnit;
  // A USD bid holds itself; a bid in sats waits for a fresh BTC price, or is refused (unavailable) without one.
  const btcPrice = unit === 'sats' ? await services.prices.holdPrice('BTC') : null;
  // A maximum bid holds its maximum: the most it can come to pay (a change of maximum is a new bid, held anew).
  const held = bid.maximum ?? bid.amount;
  // All in: the hold covers the buyer's premium the bid would pay on top if it won (the lot's event's table), and
  // the tax of the country the bidder's profile names.
  const premium = tableFor(bid.lot.auctionEvent.buyerPremium, bid.unit);
  const tax = taxRateFor(lotTaxTable(bid.lot.paymentMethod, bid.lot.auctionEvent.buyerTax), user.country);
  const refused = cardAmountRefusal(held, unit, btcPrice, premium, tax);
  if (refused) throw new Refused('invalid', refused, 'validation_failed', { [bid.maximum === null ? 'amount' : 'maximum']: refused });
  if (!user.stripeCustomerId || !user.stripePaymentMethodId) throw new Refused('forbidden', messages.gates.paymentMethod, 'gate_paymentMethod');

  const bidId = randomUUID();
  const holdCents = cardHoldCents(held, unit, btcPrice, premium, tax);
  const holdKey = `bid-hold:${bidId}`;
  const holdId = await holdOnCard(payments.stripe, user, {
    cents: holdCents,
    description: 'Gavel bid hold (captured only if the bid wins)',
    metadata: { bidId, lotId: bid.lot.id },
    idempotencyKey: holdKey,
    pendingIn: services.db.prisma,
  });
  const holdLapsesAt = lapseOf(services);
  try {
    // The hold's PaymentIntent is written with the bid, so a job releasing an outbid hold always finds it; its
    // amount too, so a capture pays the lot only when Stripe took exactly that.
    return await commitBid(services, user, bid, {
      bidId,
      walletAddress: null,
      with: async (tx) => {
        await tx.bid.update({ where: { id: bidId }, data: { paymentIntentId: holdId, holdStatus: 'authorized', holdCents: Number(holdCents), holdLapsesAt } });
        await clearPendingHold(tx, holdKey);
      },
    });
  } catch (error) {
    // Outbid or closed between the check and the write: give the money back before answering.
    // Left pending when Stripe cannot be reached now: the reconcile cancels it a few minutes later.
    await cancelIntent(payments.stripe, holdId)
      .then(() => clearPendingHold(services.db.prisma, holdKey))
      .catch((err: Error) => log.error({ err: err.message, holdId, bidId }, 'could not release the hold of a refused card bid; the payments reconcile will'));
    throw error;
  }
}
