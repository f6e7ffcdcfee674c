/**
 * Deadlines for purchases nothing has paid yet: how long a buyer has to pay before the purchase is voided, and
 * how long the runner-up has to take a second-chance offer of the lot.
 */
import { DEFAULT_PAYMENT_DUE_MS } from '../payments/config.ts';

export interface UnpaidConfig {
  /** PAYMENT_DUE_MS (default 48 h): after the close, an unpaid win or purchase with no card hold behind it is voided. */
  paymentDueMs: number;
  /** SECOND_CHANCE_OFFER_MS (default 48 h): how long a second-chance offer can be accepted. */
  secondChanceOfferMs: number;
}

export function unpaidConfig(env: NodeJS.ProcessEnv): UnpaidConfig {
  const read = (name: string): number => {
    // The same default to pay and to answer an offer alike.
    const value = Number(env[name] || DEFAULT_PAYMENT_DUE_MS);
    if (!(Number.isFinite(value) && value > 0)) throw new Error(`${name} must be a positive number of milliseconds, not ${env[name]}`);
    return value;
  };
  return { paymentDueMs: read('PAYMENT_DUE_MS'), secondChanceOfferMs: read('SECOND_CHANCE_OFFER_MS') };
}
