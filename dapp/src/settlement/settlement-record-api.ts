/**
 * The seller's and admin's record of a lot's settlement (who recorded each step, where to ship the item) and the
 * message to the winner that Gavel mails for the seller. Read again whenever a settlement step succeeds.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { settlementMessages, type MessageWinnerBody, type SettlementRecord } from '@gavel/domain';
import { apiRequest } from '../api/http.ts';
import { useNotify } from '../components/toast/use-notify.ts';

export const settlementRecordKey = (lotId: string) => ['settlement-record', lotId] as const;

export function useSettlementRecord(lotId: string, stateKey: string) {
  return useQuery({
    // The state is in the key: a step taken (here or by someone else, through the live lot) reads the record anew.
    queryKey: [...settlementRecordKey(lotId), stateKey],
    queryFn: ({ signal }) => apiRequest<{ data?: SettlementRecord }>(`/auctions/${encodeURIComponent(lotId)}/settlement`, { signal }).then((reply) => reply.data ?? null),
  });
}

export function useMessageWinner(lotId: string) {
  const notify = useNotify();
  return useMutation({
    mutationFn: (body: MessageWinnerBody) => apiRequest<{ message: string }>(`/auctions/${encodeURIComponent(lotId)}/message-winner`, { method: 'POST', body }),
    onSuccess: (reply) => notify.success(reply.message, settlementMessages.messageSent),
    onError: (error) => notify.failure(error, settlementMessages.messageFailed),
  });
}
