/** Second-chance offers: an unpaid lot offered to the signed-in user at their last bid, accepted by card. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { secondChanceListSchema, SecondChanceAcceptReply } from '@gavel/domain';
import { useSessionToken } from './session-token.ts';
import { apiRequest, type ReplyOf } from './http.ts';
import { queryKeys } from './query-keys.ts';

export function useSecondChanceOffers() {
  const token = useSessionToken();
  return useQuery({
    queryKey: queryKeys.cart.secondChance(token),
    queryFn: ({ signal }) => apiRequest<ReplyOf<typeof secondChanceListSchema>>('/second-chance-offers', { signal }),
    select: (reply) => reply.data,
    enabled: Boolean(token),
  });
}

/** Accepting charges the saved card: the lot then shows in the cart as paid, and the lot's page as sold. */
export function useAcceptSecondChance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offerId: string) => apiRequest<SecondChanceAcceptReply>(`/second-chance-offers/${encodeURIComponent(offerId)}/accept`, { method: 'POST' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.cart.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.lots.all });
    },
  });
}
