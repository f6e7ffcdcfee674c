import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { maximumRefusal, type Lot, type PaymentMethodReply } from '@gavel/domain';
import { fetchPaymentMethod } from '../api/payments.ts';
import { queryKeys } from '../api/query-keys.ts';
import { cardIsReady } from '../payment/card-label.ts';

/** How old a known card state may be when PLACE BID is pressed (the api refuses a card bid it cannot hold anyway). */
const CARD_STATE_FRESH_MS = 15_000;

/**
 * Whether a bid opens at CONFIRM YOUR BID alone: a verified saved card stands behind it, and no connected Bitcoin
 * wallet offers to pay a BTC lot instead (that bidder chooses; with a maximum, its ladder of offers), unless the
 * domain keeps maximums off the wallet. "Change payment method" still leads to every choice.
 */
export function confirmsAtOnce(method: PaymentMethodReply | undefined, lot: Pick<Lot, 'paymentMethod'>, walletAddress: string | null, withMaximum = false): boolean {
  const walletMayPay = lot.paymentMethod === 'BTC' && walletAddress !== null && !(withMaximum && maximumRefusal('btc_wallet'));
  return cardIsReady(method) && !walletMayPay;
}

/** The saved card as GET /payment/method tells it (recent enough), for choosing where the bid opens; undefined if unknown. */
export function useSavedCardLookup(): () => Promise<PaymentMethodReply | undefined> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.fetchQuery({ queryKey: queryKeys.account.paymentMethod, queryFn: ({ signal }) => fetchPaymentMethod(signal), staleTime: CARD_STATE_FRESH_MS }).catch(() => undefined),
    [queryClient],
  );
}
