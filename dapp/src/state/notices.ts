import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BidCancelledNotification, EndingSoonNotification, OutbidNotification } from '@gavel/domain';

/** The spec's outbid notice limits: at most 5 notices are kept; the top-right card closes itself after 10 s. */
export const MAX_NOTICES = 5;
export const NOTICE_CARD_MS = 10_000;

export interface OutbidNotice extends OutbidNotification {
  kind: 'outbid';
  /** When this tab learnt of it (ms), for the card's timer and "2 min ago". */
  receivedAt: number;
  /** The top-right card is showing. */
  cardOpen: boolean;
  /** The inline banner on the lot's page is showing. */
  bannerOpen: boolean;
}

/** A lot the user bids on or watches ends soon: kept in the bell (a toast says it when it arrives), never a card or banner. */
export interface EndingSoonNotice extends EndingSoonNotification {
  kind: 'ending_soon';
  receivedAt: number;
  cardOpen: false;
  bannerOpen: false;
}

/** A Buy Now ended a lot the user had bid on and cancelled their bid: kept in the bell (a toast says it when it arrives). */
export interface BidCancelledNotice extends BidCancelledNotification {
  kind: 'bid_cancelled';
  receivedAt: number;
  cardOpen: false;
  bannerOpen: false;
}

export type Notice = OutbidNotice | EndingSoonNotice | BidCancelledNotice;

export const isOutbid = (notice: Notice): notice is OutbidNotice => notice.kind === 'outbid';

function keep(state: NoticesState, notice: Notice): void {
  if (state.items.some((item) => item.id === notice.id)) return;
  state.items.unshift(notice);
  state.items.splice(MAX_NOTICES);
}

interface NoticesState {
  /** Newest first. */
  items: Notice[];
}

const initialState: NoticesState = { items: [] };

export const noticesSlice = createSlice({
  name: 'notices',
  initialState,
  reducers: {
    /**
     * A notice arrives from the stream or from the poll; both may report the same outbid bid (the id is the
     * outbid bid's id), so a repeat is ignored rather than shown twice.
     */
    outbidReceived: {
      reducer(state, action: PayloadAction<OutbidNotice>) {
        keep(state, action.payload);
      },
      prepare(notification: OutbidNotification, receivedAt: number = Date.now()) {
        return { payload: { ...notification, kind: 'outbid' as const, receivedAt, cardOpen: true, bannerOpen: true } };
      },
    },
    /** The stream may be reopened and the api never tells one lead time twice; a repeat is ignored all the same. */
    endingSoonReceived: {
      reducer(state, action: PayloadAction<EndingSoonNotice>) {
        keep(state, action.payload);
      },
      prepare(notification: EndingSoonNotification, receivedAt: number = Date.now()) {
        return { payload: { ...notification, kind: 'ending_soon' as const, receivedAt, cardOpen: false as const, bannerOpen: false as const } };
      },
    },
    bidCancelledReceived: {
      reducer(state, action: PayloadAction<BidCancelledNotice>) {
        keep(state, action.payload);
      },
      prepare(notification: BidCancelledNotification, receivedAt: number = Date.now()) {
        return { payload: { ...notification, kind: 'bid_cancelled' as const, receivedAt, cardOpen: false as const, bannerOpen: false as const } };
      },
    },
    closeCard(state, action: PayloadAction<string>) {
      const notice = state.items.find((item) => item.id === action.payload);
      if (notice?.kind === 'outbid') notice.cardOpen = false;
    },
    closeBanner(state, action: PayloadAction<string>) {
      const notice = state.items.find((item) => item.id === action.payload);
      if (notice?.kind === 'outbid') notice.bannerOpen = false;
    },
    /** The user bid again on the lot: "you've been outbid" no longer holds there. */
    bidPlacedOn(state, action: PayloadAction<string>) {
      for (const notice of state.items) {
        if (notice.kind === 'outbid' && notice.auctionId === action.payload) {
          notice.bannerOpen = false;
          notice.cardOpen = false;
        }
      }
    },
    dismissNotice(state, action: PayloadAction<string>) {
      state.items = state.items.filter((notice) => notice.id !== action.payload);
    },
    /** Signed out: another person's notices must not show on this device. */
    clearNotices(state) {
      state.items = [];
    },
  },
});

export const { outbidReceived, endingSoonReceived, bidCancelledReceived, closeCard, closeBanner, bidPlacedOn, dismissNotice, clearNotices } = noticesSlice.actions;
