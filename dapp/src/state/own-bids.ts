import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The latest bid this visitor placed on a lot in this tab, and how many so far (each new one counts). */
export interface OwnBid {
  /** In the lot's display unit ("26.00", "15100"). */
  amount: string;
  count: number;
}

/**
 * The bidder's own bids as they are placed, per lot, so the lot's bid box can move on to the new minimum after
 * each: the old amount, now below the minimum, is of no use to type again.
 */
export const ownBidsSlice = createSlice({
  name: 'ownBids',
  initialState: {} as Record<string, OwnBid>,
  reducers: {
    ownBidPlaced(state, action: PayloadAction<{ lotId: string; amount: string }>) {
      const { lotId, amount } = action.payload;
      state[lotId] = { amount, count: (state[lotId]?.count ?? 0) + 1 };
    },
  },
});

export const { ownBidPlaced } = ownBidsSlice.actions;
