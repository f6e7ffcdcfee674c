import { useQuery } from '@tanstack/react-query';
import { type paymentMethodReplySchema, type setupIntentReplySchema } from '@gavel/domain';
import { apiRequest, type ReplyOf } from './http.ts';

export const PAYMENT_METHOD_KEY = ['account', 'payment-method'] as const;

/** How often the card's $1 verification hold is checked while it runs (a second or two in practice). */
export const VERIFICATION_POLL_MS = 1_000;

export const fetchPaymentMethod = (signal?: AbortSignal) => apiRequest<ReplyOf<typeof paymentMethodReplySchema>>('/payment/method', { signal });

/** The saved card and where its verification stands; polled every second while `polling`. */
export function usePaymentMethod(polling: boolean) {
  return useQuery({
    queryKey: PAYMENT_METHOD_KEY,
    queryFn: ({ signal }) => fetchPaymentMethod(signal),
    refetchInterval: polling ? VERIFICATION_POLL_MS : false,
  });
}

/** A SetupIntent for the browser to confirm with the card, directly with Stripe (or the local stand-in). */
export const createSetupIntent = () => apiRequest<ReplyOf<typeof setupIntentReplySchema>>('/payment/setup-intent', { method: 'POST' });
