import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { messages, type Lot, type PlaceBidReply } from '@gavel/domain';
import { ApiRequestError } from '../api/http.ts';
import { useAppDispatch } from '../app/store.ts';
import { useNotify } from '../components/toast/use-notify.ts';
import { formatDateTime } from '../dates/format-date.ts';
import { showToast } from '../state/toasts.ts';
import { bidPlacedOn } from '../notices/notices-slice.ts';
import { CURRENT_USER_KEY } from '../session/use-current-user.ts';
import { gateRedirect } from './gate-redirect.ts';
import { BidSigningError, placeBid } from './place-bid.ts';

interface LotReply {
  data: Lot;
}

/**
 * Placing a bid (with a Bitcoin wallet's signature on a BTC lot, place-bid.ts) and everything a placed bid
 * changes on screen: the spec's success toast (with the extension message when the bid moved the end), the
 * lot's new price and end at once, the history and the user's bids refetched, and any "outbid" notice on this
 * lot withdrawn. Failures toast the api's message, or "Bid placed but failed to sign transaction. Please try
 * again." with the wallet's reason; a gate the api refused sends the user to the page that fixes it.
 */
export function usePlaceBid(lot: Pick<Lot, '_id'>) {
  const queryClient = useQueryClient();
  const dispatch = useAppDispatch();
  const notify = useNotify();
  const navigate = useNavigate();

  return useMutation({
    mutationFn: (body: { amount: string; walletAddress?: string }) => placeBid(lot._id, body),
    onSuccess: (reply: PlaceBidReply) => {
      // One toast at a time: the extension, when there is one, rides on the success toast.
      dispatch(showToast({ tone: 'success', title: reply.message || messages.bids.placed, description: readableExtension(reply.extensionMessage) }));
      dispatch(bidPlacedOn(lot._id));
      patchLot(queryClient, lot._id, reply);
      void queryClient.invalidateQueries({ queryKey: ['auctions', 'detail'] });
      void queryClient.invalidateQueries({ queryKey: ['bids'] });
    },
    onError: (error) => {
      if (error instanceof BidSigningError) return void dispatch(showToast({ tone: 'error', title: error.message, description: error.reason }));
      notify.failure(error, messages.bids.failed);
      const redirect = error instanceof ApiRequestError ? gateRedirect(error.code) : null;
      if (redirect) {
        void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
        void navigate(redirect);
      }
      // Too low means someone got there first: show the price that beat it now, not in 10 s.
      if (error instanceof ApiRequestError && error.code === 'bid_too_low') void queryClient.invalidateQueries({ queryKey: ['auctions', 'detail'] });
    },
  });
}

/** The reply already says the new price and end; every cached copy of the lot (both routes) shows them now. */
function patchLot(queryClient: ReturnType<typeof useQueryClient>, lotId: string, reply: PlaceBidReply): void {
  queryClient.setQueriesData<LotReply>({ queryKey: ['auctions', 'detail'] }, (old) =>
    old && old.data._id === lotId
      ? { ...old, data: { ...old.data, currentBid: reply.data.bid.amount, bidCount: old.data.bidCount + 1, endTime: reply.endTime } }
      : old,
  );
}

/** The api writes the new end as an ISO timestamp; bidders read it in their own time zone. */
export function readableExtension(message: string | null): string | undefined {
  return message?.replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g, (iso) => formatDateTime(iso)) ?? undefined;
}
