/**
 * Pay-later: how a bid or a purchase on a USD lot stands without a card hold behind it. As auction houses register
 * a bidding limit for bidders who settle by invoice, an admin grants each user a limit (User.biddingLimit, US
 * cents, 0 by default); such a bid or purchase is accepted only within the limit less the user's open pay-later
 * commitments: their leading bids without a hold on USD lots still open (a maximum bid for its maximum), and the USD lots they won or bought
 * without a card and have not paid yet (a purchase voided for non-payment is no longer theirs to pay). The same
 * lot's own commitment is left out, so raising one's own bid counts once.
 *
 * Checked inside the write's transaction with the user's row locked, so two bids racing on two lots cannot both
 * spend the same allowance.
 */
import { displayAmount, fill, paymentMessages } from '@gavel/domain';
import type { Services } from '../services.ts';
import { HttpError } from '../http/errors.ts';

type Transaction = Parameters<Parameters<Services['db']['prisma']['$transaction']>[0]>[0];

const OPEN_COMMITMENTS_SQL = `
  SELECT u."biddingLimit"::text AS "limit",
    (SELECT COALESCE(SUM(COALESCE(b.maximum, b.amount)), 0) FROM "Bid" b JOIN "Lot" l ON l.id = b."lotId"
      WHERE b."userId" = u.id AND b.status = 'active' AND b."paymentIntentId" IS NULL
        AND l."paymentMethod" = 'Manual' AND l.status IN ('upcoming', 'live') AND l.id <> $2)::text AS "bids",
    (SELECT COALESCE(SUM(l."soldPrice"), 0) FROM "Lot" l
      WHERE l."winnerId" = u.id AND l."paymentMethod" = 'Manual' AND l.status = 'ended' AND NOT l.paid AND l."unpaidAt" IS NULL AND l.id <> $2
        AND NOT (l."boughtNow" AND l."txHash" IS NOT NULL)
        AND NOT EXISTS (SELECT 1 FROM "Bid" w WHERE w.id = l."winningBidId" AND w."paymentIntentId" IS NOT NULL))::text AS "owed"
  FROM "User" u WHERE u.id = $1`;

/** What the user may still commit to pay later, in cents (the limit less the open commitments, never below 0). */
export async function payLaterAvailable(tx: Pick<Transaction, '$queryRawUnsafe'>, userId: string, lotId: string): Promise<{ limit: bigint; available: bigint }> {
  const [row] = await tx.$queryRawUnsafe<Array<{ limit: string; bids: string; owed: string }>>(OPEN_COMMITMENTS_SQL, userId, lotId);
  const limit = BigInt(row?.limit ?? '0');
  const left = limit - BigInt(row?.bids ?? '0') - BigInt(row?.owed ?? '0');
  return { limit, available: left > 0n ? left : 0n };
}

/**
 * Refuses, with what to do instead, a pay-later commitment of `cents` on `lotId` the user's limit does not cover;
 * `field` names what the bidder entered that commits them (a maximum bid's `maximum`).
 */
export async function assertWithinBiddingLimit(tx: Pick<Transaction, '$queryRawUnsafe'>, userId: string, lotId: string, cents: bigint, field: 'amount' | 'maximum' = 'amount'): Promise<void> {
  // The lock first, in its own statement: the sums below are then read after any racing commitment committed
  // (a statement that waits for a lock keeps the snapshot it started with).
  await tx.$queryRawUnsafe('SELECT 1 FROM "User" WHERE id = $1 FOR UPDATE', userId);
  const { limit, available } = await payLaterAvailable(tx, userId, lotId);
  if (cents <= available) return;
  const message = limit === 0n ? paymentMessages.noBiddingLimit : fill(paymentMessages.biddingLimitLeft, { available: displayAmount(available, 'USD') });
  throw new HttpError(402, message, 'bidding_limit', { [field]: message }, { biddingLimitAvailable: displayAmount(available, 'USD') });
}
