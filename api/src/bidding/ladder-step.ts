/**
 * A Bitcoin wallet's maximum is a ladder of signed offers (btc-ladders.ts), and its bid carries the offer of the
 * step the proxy rule shows it at: the seller co-signs the winning bid's PSBT, which must pay exactly the price.
 * The proxy write (gavel_place_proxy_bid) moves the offer with the bid's amount, in the same statement, so the two
 * never disagree; a removal that lets a ladder lead again at a higher step moves it with MOVE_TO_STEP_SQL, in the
 * removal's transaction.
 */

/**
 * The signed steps of a bid's ladder, ascending (the bid's id is its ladder's), as a column of the leading-bid read;
 * null for any other bid.
 */
export const LADDER_STEPS_SQL = `(SELECT array_agg(o.amount::text ORDER BY o.amount) FROM "BtcOffer" o WHERE o."ladderId" = b.id AND o."signedPsbtHex" IS NOT NULL)`;

/** Gives the ladder bid $1 the signed offer of the step its amount is at. */
export const MOVE_TO_STEP_SQL = `UPDATE "Bid" AS b SET "psbtHex" = o."psbtHex", "signedPsbtHex" = o."signedPsbtHex", "updatedAt" = now()
    FROM "BtcOffer" AS o WHERE b.id = $1 AND o."ladderId" = b.id AND o.amount = b.amount AND o."signedPsbtHex" IS NOT NULL`;
