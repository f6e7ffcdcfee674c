import { useQuery } from '@tanstack/react-query';
import type { BiddingLimitReply, cardHoldRateReplySchema, paymentMethodReplySchema, setupIntentReplySchema } from '@gavel/domain';
import { apiRequest, type ReplyOf } from './http.ts';
import { queryKeys } from './query-keys.ts';

/** How often the card's $1 verification hold is checked while it runs (a second or two in practice). */
export const VERIFICATION_POLL_MS = 1_000;

export const fetchPaymentMethod = (signal?: AbortSignal) => apiRequest<ReplyOf<typeof paymentMethodReplySchema>>('/payment/method', { signal });

/** The saved card and where its verification stands; polled every second while `polling`. */
export function usePaymentMethod(polling: boolean) {
  return useQuery({
    queryKey: queryKeys.account.paymentMethod,
    queryFn: ({ signal }) => fetchPaymentMethod(signal),
    refetchInterval: polling ? VERIFICATION_POLL_MS : false,
  });
}

/** A SetupIntent for the browser to confirm with the card, directly with Stripe (or the local stand-in). */
export const createSetupIntent = () => apiRequest<ReplyOf<typeof setupIntentReplySchema>>('/payment/setup-intent', { method: 'POST' });

/**
 * The live USD prices of BTC and ETH a card bid in sats or ETH is held at, and the margin held above; asked only
 * where a bid is in a coin, and again every 30 s while shown (the api's price cache lasts as long).
 */
export function useCardHoldRate(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.cardHoldRate,
    queryFn: ({ signal }) => apiRequest<ReplyOf<typeof cardHoldRateReplySchema>>('/payment/card-hold-rate', { signal }),
    enabled,
    staleTime: 30_000,
    refetchInterval: 30_000,
  });
}

/** The pay-later bidding limit an admin granted and what open pay-later commitments leave of it. */
export function useBiddingLimit(enabled = true) {
  return useQuery({
    queryKey: queryKeys.account.biddingLimit,
    queryFn: ({ signal }) => apiRequest<BiddingLimitReply>('/payment/bidding-limit', { signal }),
    enabled,
    staleTime: 10_000,
  });
}
