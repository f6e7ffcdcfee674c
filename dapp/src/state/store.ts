import { configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { toastsSlice } from './toasts.ts';
import { sessionSlice } from './session.ts';
import { noticesSlice } from './notices.ts';
import { checkoutSlice } from './checkout.ts';
import { ownBidsSlice } from './own-bids.ts';

export function createStore() {
  return configureStore({
    reducer: {
      toasts: toastsSlice.reducer,
      session: sessionSlice.reducer,
      notices: noticesSlice.reducer,
      checkout: checkoutSlice.reducer,
      ownBids: ownBidsSlice.reducer,
    },
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
