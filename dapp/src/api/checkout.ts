/** Buy Now, the cart and final checkout (buyer-side section 7), each checked against the api's own schema. */
import { useQuery } from '@tanstack/react-query';
import {
  buyNowIntentReplySchema,
  buyNowReplySchema,
  cartReplySchema,
  checkoutReplySchema,
  type BuyNowBody,
  type BuyNowIntentBody,
  type CheckoutBody,
} from '@gavel/domain';
import { useAppSelector } from '../app/store.ts';
import { apiRequest } from './http.ts';

export const CART_KEY = ['cart'] as const;

export const checkoutApi = {
  buyNowIntent: (body: BuyNowIntentBody) => apiRequest('/payment/buy-now-intent', { method: 'POST', body, schema: buyNowIntentReplySchema }),
  buyNow: (lotId: string, body: BuyNowBody) =>
    apiRequest(`/auctions/${encodeURIComponent(lotId)}/buy-now`, { method: 'POST', body, schema: buyNowReplySchema }),
  cart: (signal?: AbortSignal) => apiRequest('/cart', { schema: cartReplySchema, signal }),
  checkout: (body: CheckoutBody) => apiRequest('/cart/checkout', { method: 'POST', body, schema: checkoutReplySchema }),
};

/** The signed-in user's cart: won lots and Buy Now lots, paid or awaiting payment. Keyed by session. */
export function useCart(options: { enabled?: boolean; refetchInterval?: number | false } = {}) {
  const token = useAppSelector((state) => state.session.token);
  return useQuery({
    queryKey: [...CART_KEY, token],
    queryFn: ({ signal }) => checkoutApi.cart(signal),
    enabled: Boolean(token) && (options.enabled ?? true),
    refetchInterval: options.refetchInterval,
    staleTime: 30_000,
  });
}
