import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { checkoutMessages, messages, type BuyNowBody, type BuyNowReply, type Lot } from '@gavel/domain';
import { BidSigningError, bidBody, signedBy, signOffer } from '../bidding/place-bid.ts';
import { readWallet } from '../wallet/wallet-store.ts';
import { checkoutApi } from '../api/checkout.ts';
import { lotChanged } from '../api/lot-cache.ts';
import { queryKeys } from '../api/query-keys.ts';
import { useNotify } from '../components/toast/use-notify.ts';
import { validate } from '../forms/validate.ts';
import { initFailure, MissingSecret } from './use-checkout-intent.ts';

class InvalidIntent extends Error {}

/**
 * POST /payment/buy-now-intent for the lot's Buy Now price (USD lots), checked first with the domain's rules
 * (amount, auction id, the $0.50 minimum) so their messages show without a round trip.
 */
export function useBuyNowIntent(lot: Pick<Lot, '_id' | 'buyNowPrice'>, enabled: boolean) {
  const query = useQuery({
    queryKey: queryKeys.buyNowIntent(lot._id, lot.buyNowPrice),
    queryFn: async () => {
      // The schema's code loads when a Buy Now is paid by card, not with the lot page every visitor opens.
      const { buyNowIntentBodySchema } = await import('@gavel/domain/schemas/checkout');
      const body = validate(buyNowIntentBodySchema, { amount: lot.buyNowPrice ?? '', auctionId: lot._id, currency: 'usd' });
      if (!body.ok) throw new InvalidIntent(Object.values(body.errors)[0]);
      const reply = await checkoutApi.buyNowIntent(body.data);
      if (!reply.clientSecret) throw new MissingSecret();
      return reply;
    },
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const failure = !query.isError ? null : query.error instanceof InvalidIntent ? query.error.message : initFailure(query.error);
  return { ...query, failure };
}

/** POST /auctions/:id/buy-now, then everything the purchase changes: the lot, its bids and the cart. */
export function useBuyNow(lotId: string) {
  return useBuyNowMutation(lotId, (body: BuyNowBody) => checkoutApi.buyNow(lotId, body));
}

/**
 * BUY NOW on a BTC lot: the api builds the swap at the Buy Now price, the Bitcoin wallet signs it exactly as a
 * bid's offer, and the signed offer buys the lot. A wallet that refuses or fails throws a BidSigningError, and
 * nothing was bought.
 */
export function useBuyNowWithWallet(lotId: string) {
  return useBuyNowMutation(lotId, async () => {
    const wallet = readWallet();
    if (!wallet?.address) throw new BidSigningError(messages.bids.walletRequired);
    const { ordinalsAddress, paymentPublicKey } = bidBody({ amount: '0', walletAddress: wallet.address }, wallet);
    const offer = await checkoutApi.buyNowOffer(lotId, { walletAddress: wallet.address, ...(ordinalsAddress && { ordinalsAddress }), ...(paymentPublicKey && { paymentPublicKey }) });
    const signedPsbtHex = await signedBy((kit) => signOffer(kit, wallet, offer.data));
    return checkoutApi.buyNow(lotId, { paymentMethod: 'BTC', walletAddress: wallet.address, bidId: offer.data.bidId, signedPsbtHex });
  });
}

function useBuyNowMutation<T>(lotId: string, buy: (input: T) => Promise<BuyNowReply>) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: buy,
    onSuccess: (reply) => {
      notify.success(reply.message, checkoutMessages.purchased);
      lotChanged(queryClient, lotId, () => ({ status: reply.data.status }));
      // Ended now: the browse lists filtered by status read themselves again.
      void queryClient.invalidateQueries({ queryKey: queryKeys.lots.lists });
      void queryClient.invalidateQueries({ queryKey: queryKeys.cart.all });
    },
    onError: (error) => notify.failure(error, checkoutMessages.purchaseFailed),
  });
}
