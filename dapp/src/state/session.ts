import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readToken } from './session-token.ts';

/**
 * Who is using the dapp: the bearer token, or none. The user record itself is server state (GET /auth/me in
 * TanStack Query); this slice only says whether there is a session to ask about.
 */
export type SessionState =
  | { status: 'signedIn'; token: string }
  /** `expired`: the api refused the session (a 401), so sign-in must say why rather than "Please sign in first". */
  | { status: 'signedOut'; token: null; expired?: boolean };

/** A stored token starts the app signed in; GET /auth/me then confirms it or a 401 ends it. */
export function initialSession(): SessionState {
  const token = readToken();
  return token ? { status: 'signedIn', token } : { status: 'signedOut', token: null };
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSession,
  reducers: {
    signedIn: (_state, action: PayloadAction<string>): SessionState => ({ status: 'signedIn', token: action.payload }),
    signedOut: (): SessionState => ({ status: 'signedOut', token: null }),
    sessionExpired: (): SessionState => ({ status: 'signedOut', token: null, expired: true }),
  },
});

export const { signedIn, signedOut, sessionExpired } = sessionSlice.actions;
