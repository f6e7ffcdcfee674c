import { setAuthTokenSource } from '../api/http.ts';
import { isStoredToken, requestToken } from '../session/admin-token.ts';
import { announceSessionExpired } from '../session/session-expiry.ts';

/** Tells the api client which token a call carries (the admin's or the user's) and what a refused one means. */
export function connectApiToSession(): void {
  setAuthTokenSource({
    current: requestToken,
    isKept: isStoredToken,
    // The spec: a 401 clears all local storage (the stored session and wallet are no longer valid) and returns to sign-in.
    onExpired: () => {
      localStorage.clear();
      announceSessionExpired();
    },
  });
}
