import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { extensionMessage, messages, type Lot, type PlaceBidReply } from '@gavel/domain';
import { ApiRequestError, serverMessage } from '../api/http.ts';
import { lotChanged } from '../api/lot-cache.ts';
import { queryKeys } from '../api/query-keys.ts';
import { useAppDispatch } from '../state/store.ts';
import { formatDateTime } from '../dates/format-date.ts';
import { lotReturnPath, rememberBidReturn } from '../session/return-path.ts';
import { showToast } from '../state/toasts.ts';
import { bidPlacedOn } from '../state/notices.ts';
import { gateRedirect } from './gate-redirect.ts';
import { ownBidPlaced } from '../state/own-bids.ts';
import { BidFinalizeError, BidSigningError, placeBid } from './place-bid.ts';

/**
 * Placing a bid (with a Bitcoin wallet's signature on a BTC lot, place-bid.ts) and everything a placed bid
 * changes on screen: the spec's success toast (with the extension message when the bid moved the end), the
 * lot's new price and end at once, the lot and its history refetched, and any "outbid" notice on this lot
 * withdrawn. Failures toast the api's message (else "Failed to place bid", or "Failed to finalize bid" when the
 * signed offer was not placed), or "Bid placed but failed to sign transaction. Please try again." with the
 * wallet's reason; a gate the api refused sends the user to the page that fixes it.
 */
export function usePlaceBid(lot: Pick<Lot, '_id'>) {
  const queryClient = useQueryClient();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const lotPath = useLocation().pathname;

  return useMutation({
    mutationFn: (body: { amount: string; walletAddress?: string; maximum?: string }) => placeBid(lot._id, body),
    onSuccess: (reply: PlaceBidReply) => {
      const { bid } = reply.data;
      // One toast at a time: the extension, when there is one, rides on it. A bid an earlier maximum outbid at once
      // was placed, but the bidder must hear first that they do not lead.
      const outbid = bid.status === 'outbid';
      dispatch(showToast({ tone: outbid ? 'error' : 'success', title: reply.message || messages.bids.placed, description: extensionNotice(reply) }));
      dispatch(bidPlacedOn(lot._id));
      dispatch(ownBidPlaced({ lotId: lot._id, amount: bid.amount }));
      // The reply already says the new price and end (the price a maximum answered with, too): every cached copy of the lot shows them now.
      lotChanged(queryClient, lot._id, (cached) => ({ currentBid: bid.auction.currentBid ?? bid.amount, bidCount: cached.bidCount + 1, endTime: reply.endTime }));
    },
    onError: (failure, body) => {
      if (failure instanceof BidSigningError) return void dispatch(showToast({ tone: 'error', title: failure.message, description: failure.reason }));
      dispatch(showToast({ tone: 'error', title: bidFailureReason(failure) }));
      const error = failure instanceof BidFinalizeError ? failure.cause : failure;
      const redirect = error instanceof ApiRequestError ? gateRedirect(error.code) : null;
      if (redirect) {
        rememberBidReturn(lotReturnPath(lotPath, body.amount));
        void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser.all });
        void navigate(redirect);
      }
      // Too low means someone got there first: show the price that beat it now, not in 10 s.
      if (error instanceof ApiRequestError && error.code === 'bid_too_low') lotChanged(queryClient, lot._id);
    },
  });
}

/**
 * Why a bid was not placed, in one line: the api's message when it refused; the wallet's reason when it did not
 * sign; else "Failed to finalize bid" when only finalize failed, or "Failed to place bid".
 */
export function bidFailureReason(failure: unknown): string {
  if (failure instanceof BidSigningError) return failure.reason;
  if (failure instanceof BidFinalizeError) return serverMessage(failure.cause) ?? failure.message;
  return serverMessage(failure) ?? messages.bids.failed;
}

/** The bid modal's inline error, kept beside the button after the toast has gone: "Bid placement failed: {reason}". */
export function bidFailureBanner(failure: unknown): string {
  return `${messages.bids.placementFailed}: ${bidFailureReason(failure)}`;
}

/** The notice of a bid that moved the end, written from the reply's fields with the end in the bidder's own time zone. */
export function extensionNotice(reply: Pick<PlaceBidReply, 'auctionExtended' | 'extensionMinutes' | 'endTime'>): string | undefined {
  if (!reply.auctionExtended || !reply.extensionMinutes) return undefined;
  return extensionMessage({ minutes: reply.extensionMinutes, endTime: formatDateTime(reply.endTime) });
}
