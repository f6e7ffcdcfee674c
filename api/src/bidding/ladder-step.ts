/**
 * A Bitcoin wallet's maximum is a ladder of signed offers (btc-ladders.ts), and its bid carries the offer of the
 * step the proxy rule shows it at: the seller co-signs the winning bid's PSBT, which must pay exactly the price.
 * Both run inside the proxy write, under the lot's lock, so the bid's amount and its offer never disagree.
 */
import type { Transaction } from './bid-types.ts';

/**
 * The signed steps of a bid's ladder, ascending (the bid's id is its ladder's), as a column of the leading-bid read;
 * null for any other bid.
 */
export const LADDER_STEPS_SQL = `(SELECT array_agg(o.amount::text ORDER BY o.amount) FROM "BtcOffer" o WHERE o."ladderId" = b.id AND o."signedPsbtHex" IS NOT NULL)`;

/** Puts on the bid the offer of the step its amount is at; nothing for a bid that is no ladder. */
export async function carryLadderStep(tx: Transaction, bidId: string): Promise<void> {
  await tx.$executeRawUnsafe(
    `UPDATE "Bid" AS b SET "psbtHex" = o."psbtHex", "signedPsbtHex" = o."signedPsbtHex", "updatedAt" = now()
       FROM "BtcOffer" AS o
      WHERE b.id = $1 AND o."ladderId" = b.id AND o.amount = b.amount AND o."signedPsbtHex" IS NOT NULL`,
    bidId,
  );
}
