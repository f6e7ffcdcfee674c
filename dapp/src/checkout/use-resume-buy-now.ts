import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { paymentMessages } from '@gavel/domain';
import { useNotify } from '../components/toast/use-notify.ts';
import { useBuyNow } from './use-buy-now.ts';

/** Where the 3D Secure page sends a Buy Now card back to: the lot, marked so the purchase can finish there. */
export function buyNowReturnUrl(lotId: string): string {
  return `${window.location.origin}/auctions/${encodeURIComponent(lotId)}?buyNow=1`;
}

/**
 * Back on the lot from 3D Secure: Stripe appends the intent and how the check went. A passed check completes
 * the purchase with that intent (the api accepts it only if it holds the price for this user and lot).
 */
export function useResumeBuyNow(lotId: string): void {
  const [params, setParams] = useSearchParams();
  const buy = useBuyNow(lotId);
  const notify = useNotify();
  const intentId = params.get('buyNow') ? params.get('payment_intent') : null;
  const status = params.get('redirect_status');

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per return, see below
  useEffect(() => {
    if (!intentId) return;
    setParams({}, { replace: true });
    if (status === 'succeeded') buy.mutate({ paymentMethod: 'Stripe', paymentIntentId: intentId });
    else notify.failure(null, paymentMessages.failed);
    // Once per return: the mutation and toasts are stable enough, and re-running would buy twice.
  }, [intentId, status]);
}
