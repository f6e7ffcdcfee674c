/**
 * Deadlines for purchases nothing has paid yet: how long a buyer has to pay before the purchase is voided, and
 * how long the runner-up has to take a second-chance offer of the lot. The close (bidding/), the card holds
 * (here), Buy Now and second chance (checkout/) and the relayer all read them, so they are kept below them all.
 */

export interface UnpaidConfig {
  /** PAYMENT_DUE_MS (default 48 h): after the close, an unpaid win or purchase with no card hold behind it is voided. */
  paymentDueMs: number;
  /** SECOND_CHANCE_OFFER_MS (default 48 h): how long a second-chance offer can be accepted. */
  secondChanceOfferMs: number;
}

/** 48 hours, to pay and to answer an offer alike: the same as an ADD TO CART hold waits for the cart. */
export const DEFAULT_PAYMENT_DUE_MS = 48 * 3600_000;

export function unpaidConfig(env: NodeJS.ProcessEnv): UnpaidConfig {
  const read = (name: string): number => {
    const value = Number(env[name] || DEFAULT_PAYMENT_DUE_MS);
    if (!(Number.isFinite(value) && value > 0)) throw new Error(`${name} must be a positive number of milliseconds, not ${env[name]}`);
    return value;
  };
  return { paymentDueMs: read('PAYMENT_DUE_MS'), secondChanceOfferMs: read('SECOND_CHANCE_OFFER_MS') };
}
