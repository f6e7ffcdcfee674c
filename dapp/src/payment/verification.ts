import type { PaymentMethodReply } from '@gavel/domain';

/**
 * Whether the card just confirmed has been decided. GET /payment/method reports the user's latest card, and
 * until Stripe's webhook reaches the api it still shows the previous one (a card declined a minute ago says
 * "failed"). So a result counts only once it differs from the snapshot taken before confirming, or after the
 * api has been seen checking it ("pending"), or once enough time has passed that the snapshot itself must be
 * the answer (the same card saved again).
 */
export function verificationSettled(snapshot: PaymentMethodReply | null, current: PaymentMethodReply, seenPending: boolean, elapsedMs: number): boolean {
  if (current.status !== 'verified' && current.status !== 'failed') return false;
  if (seenPending || !snapshot) return true;
  const changed = current.status !== snapshot.status || current.last4 !== snapshot.last4 || current.brand !== snapshot.brand || current.error !== snapshot.error;
  return changed || elapsedMs > SAME_CARD_SETTLE_MS;
}

/** Long enough for the webhook and the $1 hold (a second or two), short enough not to keep anyone waiting. */
export const SAME_CARD_SETTLE_MS = 15_000;
