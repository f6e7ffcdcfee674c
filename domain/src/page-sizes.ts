/**
 * How many rows each list asks for. Kept apart from the zod schemas that use them so the browse page can read
 * them without loading zod.
 */

/** GET /auctions and /lots: lots per browse page. */
export const BROWSE_LIMIT = 20;
/** GET /auctions/:id/bids and the bidder's own lists: bids per page (the spec's `limit=50`). */
export const BIDS_LIST_LIMIT = 50;
/** Watchlist, My bids, Won and My sales: rows per page. */
export const FOLLOW_LIMIT = 20;
