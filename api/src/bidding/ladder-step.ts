/**
 * A Bitcoin wallet's maximum is a ladder of signed offers (btc-ladders.ts), and its bid carries the offer of the
 * step the proxy rule shows it at: the seller co-signs the winning bid's PSBT, which must pay exactly the price.
 * The proxy write (gavel_place_proxy_bid) moves the offer with the bid's amount, in the same statement, so the two
 * never disagree.
 */

/**
 * The signed steps of a bid's ladder, ascending (the bid's id is its ladder's), as a column of the leading-bid read;
 * null for any other bid.
 */
export const LADDER_STEPS_SQL = `(SELECT array_agg(o.amount::text ORDER BY o.amount) FROM "BtcOffer" o WHERE o."ladderId" = b.id AND o."signedPsbtHex" IS NOT NULL)`;
