import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { OutbidNotification } from '@gavel/domain';

/** The spec's outbid notice limits: at most 5 notices are kept; the top-right card closes itself after 10 s. */
export const MAX_NOTICES = 5;
export const NOTICE_CARD_MS = 10_000;

export interface Notice extends OutbidNotification {
  /** When this tab learnt of it (ms), for the card's timer and "2 min ago". */
  receivedAt: number;
  /** The top-right card is showing. */
  cardOpen: boolean;
  /** The inline banner on the lot's page is showing. */
  bannerOpen: boolean;
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
      reducer(state, action: PayloadAction<Notice>) {
        if (state.items.some((notice) => notice.id === action.payload.id)) return;
        state.items.unshift(action.payload);
        state.items.splice(MAX_NOTICES);
      },
      prepare(notification: OutbidNotification, receivedAt: number = Date.now()) {
        return { payload: { ...notification, receivedAt, cardOpen: true, bannerOpen: true } };
      },
    },
    closeCard(state, action: PayloadAction<string>) {
      const notice = state.items.find((item) => item.id === action.payload);
      if (notice) notice.cardOpen = false;
    },
    closeBanner(state, action: PayloadAction<string>) {
      const notice = state.items.find((item) => item.id === action.payload);
      if (notice) notice.bannerOpen = false;
    },
    /** The user bid again on the lot: "you've been outbid" no longer holds there. */
    bidPlacedOn(state, action: PayloadAction<string>) {
      for (const notice of state.items) {
        if (notice.auctionId === action.payload) {
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

export const { outbidReceived, closeCard, closeBanner, bidPlacedOn, dismissNotice, clearNotices } = noticesSlice.actions;
