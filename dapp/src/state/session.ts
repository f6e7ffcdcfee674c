import { createSlice } from '@reduxjs/toolkit';

/**
 * Who is using the dapp. Sign-in arrives in a later issue; until then every visitor is signed out, and the
 * header's profile menu reads this slice so it will switch menus without changes once sign-in fills it.
 */
export interface SessionState {
  status: 'signedOut';
}

const initialState: SessionState = { status: 'signedOut' };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {},
});
