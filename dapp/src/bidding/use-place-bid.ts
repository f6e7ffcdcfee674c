import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { extensionMessage, messages, type Lot, type PlaceBidReply } from '@gavel/domain';
import { ApiRequestError } from '../api/http.ts';
import { lotChanged } from '../api/lot-cache.ts';
import { queryKeys } from '../api/query-keys.ts';
import { useAppDispatch } from '../app/store.ts';
import { useNotify } from '../components/toast/use-notify.ts';
import { formatDateTime } from '../dates/format-date.ts';
import { showToast } from '../state/toasts.ts';
import { bidPlacedOn } from '../notices/notices-slice.ts';
import { gateRedirect } from './gate-redirect.ts';
import { BidSigningError, placeBid } from './place-bid.ts';

/**
 * Placing a bid (with a Bitcoin wallet's signature on a BTC lot, place-bid.ts) and everything a placed bid
 * changes on screen: the spec's success toast (with the extension message when the bid moved the end), the
 * lot's new price and end at once, the lot and its history refetched, and any "outbid" notice on this lot
 * withdrawn. Failures toast the api's message, or "Bid placed but failed to sign transaction. Please try
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
      dispatch(showToast({ tone: 'success', title: reply.message || messages.bids.placed, description: extensionNotice(reply) }));
      dispatch(bidPlacedOn(lot._id));
      // The reply already says the new price and end: every cached copy of the lot shows them now.
      lotChanged(queryClient, lot._id, (cached) => ({ currentBid: reply.data.bid.amount, bidCount: cached.bidCount + 1, endTime: reply.endTime }));
    },
    onError: (error) => {
      if (error instanceof BidSigningError) return void dispatch(showToast({ tone: 'error', title: error.message, description: error.reason }));
      notify.failure(error, messages.bids.failed);
      const redirect = error instanceof ApiRequestError ? gateRedirect(error.code) : null;
      if (redirect) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser.all });
        void navigate(redirect);
      }
      // Too low means someone got there first: show the price that beat it now, not in 10 s.
      if (error instanceof ApiRequestError && error.code === 'bid_too_low') lotChanged(queryClient, lot._id);
    },
  });
}

/** The notice of a bid that moved the end, written from the reply's fields with the end in the bidder's own time zone. */
export function extensionNotice(reply: Pick<PlaceBidReply, 'auctionExtended' | 'extensionMinutes' | 'endTime'>): string | undefined {
  if (!reply.auctionExtended || !reply.extensionMinutes) return undefined;
  return extensionMessage({ minutes: reply.extensionMinutes, endTime: formatDateTime(reply.endTime) });
}
