import { useQuery } from '@tanstack/react-query';
import { paymentMessages, type CheckoutReply } from '@gavel/domain';
import { checkoutApi } from '../api/checkout.ts';
import { ApiRequestError, serverMessage } from '../api/http.ts';
import { queryKeys } from '../api/query-keys.ts';

/**
 * POST /cart/checkout for the selected lots: one PaymentIntent for their real total. Asked once per
 * selection (the api hands the same open intent back if asked again), never retried behind the user's back.
 */
export function useCheckoutIntent(lotIds: string[]) {
  const ids = [...lotIds].sort();
  const query = useQuery({
    queryKey: queryKeys.checkoutIntent(ids),
    queryFn: async (): Promise<CheckoutReply> => {
      const reply = await checkoutApi.checkout({ lotIds: ids });
      if (!reply.clientSecret) throw new MissingSecret();
      return reply;
    },
    enabled: ids.length > 0,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  return { ...query, failure: query.isError ? initFailure(query.error) : null };
}

class MissingSecret extends Error {}

/**
 * What the Payment Initialization Failed panel says: the spec's texts for a missing secret and for anything
 * unexpected; a refusal the api explains (a lot already paid, mixed currencies) in its own words.
 */
export function initFailure(error: unknown): string {
  if (error instanceof MissingSecret) return paymentMessages.noClientSecret;
  if (error instanceof ApiRequestError && error.status < 500) return serverMessage(error) ?? paymentMessages.initFailed;
  return paymentMessages.initFailed;
}

export { MissingSecret };
