/** Buy Now, the cart and final checkout, each checked against the api's own schema. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  buyNowIntentReplySchema,
  buyNowOfferReplySchema,
  buyNowReplySchema,
  cartReplySchema,
  checkoutReplySchema,
  BuyNowBody,
  BuyNowIntentBody,
  BuyNowOfferBody,
  CheckoutBody,
  PayHeldReply,
} from '@gavel/domain';
import { useSessionToken } from './session-token.ts';
import { apiRequest, type ReplyOf } from './http.ts';
import { queryKeys } from './query-keys.ts';

export const checkoutApi = {
  buyNowIntent: (body: BuyNowIntentBody) => apiRequest<ReplyOf<typeof buyNowIntentReplySchema>>('/payment/buy-now-intent', { method: 'POST', body }),
  buyNow: (lotId: string, body: BuyNowBody) => apiRequest<ReplyOf<typeof buyNowReplySchema>>(`/auctions/${encodeURIComponent(lotId)}/buy-now`, { method: 'POST', body }),
  /** BTC lots: the swap at the Buy Now price, built for the wallet to sign. */
  buyNowOffer: (lotId: string, body: BuyNowOfferBody) => apiRequest<ReplyOf<typeof buyNowOfferReplySchema>>(`/auctions/${encodeURIComponent(lotId)}/buy-now/offer`, { method: 'POST', body }),
  cart: (signal?: AbortSignal) => apiRequest<ReplyOf<typeof cartReplySchema>>('/cart', { signal }),
  checkout: (body: CheckoutBody) => apiRequest<ReplyOf<typeof checkoutReplySchema>>('/cart/checkout', { method: 'POST', body }),
  payHeld: (lotIds: string[]) => apiRequest<PayHeldReply>('/cart/pay-held', { method: 'POST', body: { lotIds } }),
};

/** The cart's Pay now for an ADD TO CART lot: the card hold that bought it is charged at once; the lot's page follows. */
export function usePayHeld() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lotId: string) => checkoutApi.payHeld([lotId]),
    onSettled: (_reply, _error, lotId) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.cart.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.lots.lot(lotId) });
    },
  });
}

/** The signed-in user's cart: won lots and Buy Now lots, paid or awaiting payment. Keyed by session. */
export function useCart(options: { enabled?: boolean; refetchInterval?: number | false } = {}) {
  const token = useSessionToken();
  return useQuery({
    queryKey: queryKeys.cart.of(token),
    queryFn: ({ signal }) => checkoutApi.cart(signal),
    enabled: Boolean(token) && (options.enabled ?? true),
    refetchInterval: options.refetchInterval,
    staleTime: 30_000,
  });
}
