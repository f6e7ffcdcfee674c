import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { useSelector } from 'react-redux';

export type ToastTone = 'success' | 'error' | 'info';

export interface Toast {
  id: string;
  tone: ToastTone;
  title: string;
  description?: string;
}

/** The spec's toast rules: each lasts 8 s and at most one is shown, so a new toast replaces the current one. */
export const TOAST_DURATION_MS = 8_000;

interface ToastsState {
  current: Toast | null;
}

const initialState: ToastsState = { current: null };

export const toastsSlice = createSlice({
  name: 'toasts',
  initialState,
  reducers: {
    showToast: {
      reducer(state, action: PayloadAction<Toast>) {
        state.current = action.payload;
      },
      prepare(toast: Omit<Toast, 'id'>) {
        return { payload: { ...toast, id: nanoid() } };
      },
    },
    dismissToast(state, action: PayloadAction<string>) {
      if (state.current?.id === action.payload) state.current = null;
    },
  },
});

export const { showToast, dismissToast } = toastsSlice.actions;

/** The toast on screen. Read by the store's shape (a `toasts` slice), so the toast host sits below the app's store. */
export function useCurrentToast(): Toast | null {
  return useSelector((state: { toasts: ToastsState }) => state.toasts.current);
}
