/**
 * Pay-later: how a bid or a purchase on a USD lot stands without a card hold behind it. As auction houses register
 * a bidding limit for bidders who settle by invoice, an admin grants each user a limit (User.biddingLimit, US
 * cents, 0 by default); such a bid or purchase is accepted only within the limit less the user's open pay-later
 * commitments: their leading bids without a hold on USD lots still open (a maximum bid for its maximum), and the USD
 * lots they won or bought without a card and have not paid yet (a purchase voided for non-payment is no longer
 * theirs to pay). The same lot's own commitment is left out, so raising one's own bid counts once.
 *
 * The sums are PostgreSQL's `gavel_pay_later_available`, and the check `gavel_pay_later_fits` (see their
 * migrations). Each reads only what is still open or owed, through indexes that hold nothing else, so a bid costs
 * the same however many lots its bidder has won before. The check locks the user's row first, so two bids racing
 * on two lots cannot both spend the same allowance. A bid's write runs the check inside its own statement
 * (gavel_place_bid, gavel_place_proxy_bid); a purchase runs it in its transaction (assertWithinBiddingLimit).
 */
import { displayAmount, fill, paymentMessages } from '@gavel/domain';
import type { Prisma } from '../db/client.ts';
import { Refused } from '../refused.ts';

type Transaction = Parameters<Parameters<Prisma['$transaction']>[0]>[0];

/** What the user may still commit to pay later, in cents (the limit less the open commitments, never below 0). */
export async function payLaterAvailable(tx: Pick<Transaction, '$queryRawUnsafe'>, userId: string, lotId: string): Promise<{ limit: bigint; available: bigint }> {
  const [row] = await tx.$queryRawUnsafe<Array<{ limit: string; available: string }>>(
    'SELECT bidding_limit::text AS "limit", available::text AS available FROM gavel_pay_later_available($1, $2)',
    userId,
    lotId,
  );
  return { limit: BigInt(row?.limit ?? '0'), available: BigInt(row?.available ?? '0') };
}

/**
 * Refuses, with what to do instead, a pay-later commitment of `cents` on `lotId` the user's limit does not cover;
 * `field` names what the bidder entered that commits them (a maximum bid's `maximum`).
 */
export async function assertWithinBiddingLimit(tx: Pick<Transaction, '$queryRawUnsafe'>, userId: string, lotId: string, cents: bigint, field: 'amount' | 'maximum' = 'amount'): Promise<void> {
  const [row] = await tx.$queryRawUnsafe<Array<{ fits: boolean; limit: string; available: string }>>(
    'SELECT fits, bidding_limit::text AS "limit", available::text AS available FROM gavel_pay_later_fits($1, $2, $3::numeric)',
    userId,
    lotId,
    cents.toString(),
  );
  if (!row?.fits) throw biddingLimitError(BigInt(row?.limit ?? '0'), BigInt(row?.available ?? '0'), field);
}

/** The refusal (payment refused) of a commitment beyond the limit: none granted, or how much is left. */
export function biddingLimitError(limit: bigint, available: bigint, field: 'amount' | 'maximum'): Refused {
  const message = limit === 0n ? paymentMessages.noBiddingLimit : fill(paymentMessages.biddingLimitLeft, { available: displayAmount(available, 'USD') });
  return new Refused('payment_refused', message, 'bidding_limit', { [field]: message }, { biddingLimitAvailable: displayAmount(available, 'USD') });
}
