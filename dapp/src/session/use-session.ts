import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { User } from '@gavel/domain';
import { useAppDispatch, useAppSelector } from '../state/store.ts';
import { sessionExpired, signedIn, signedOut } from '../state/session.ts';
import { removeToken, writeToken } from '../state/session-token.ts';
import { queryKeys } from '../api/query-keys.ts';

/** Starting, updating and ending the session, keeping the stored token, the store and the user cache in step. */
export function useSession() {
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  const token = useAppSelector((state) => state.session.token);

  /** After sign-in, e-mail verification or a password change (which revokes the old token and sends a new one). */
  const start = useCallback(
    (newToken: string, user: User) => {
      writeToken(newToken);
      queryClient.setQueryData(queryKeys.currentUser.of(newToken), user);
      dispatch(signedIn(newToken));
    },
    [dispatch, queryClient],
  );

  /** A reply that carries the updated user (profile saved, terms accepted): no need to ask the api again. */
  const updateUser = useCallback(
    (user: User) => {
      if (token) queryClient.setQueryData(queryKeys.currentUser.of(token), user);
    },
    [queryClient, token],
  );

  /** Something changed server-side that the user record reflects (identity decided, card verified). */
  const refreshUser = useCallback(() => queryClient.invalidateQueries({ queryKey: queryKeys.currentUser.all }), [queryClient]);

  /**
   * Forgets everything the session loaded, so nothing of this account shows after it. An account page still on
   * screen sends the user home quietly when the session ends there (logout), or to the expired sign-in when it
   * expired (RequireSignIn).
   */
  const end = useCallback(
    (reason: 'loggedOut' | 'expired' = 'loggedOut') => {
      removeToken();
      dispatch(reason === 'expired' ? sessionExpired() : signedOut());
      queryClient.removeQueries({ queryKey: queryKeys.currentUser.all });
      queryClient.removeQueries({ queryKey: queryKeys.account.all });
    },
    [dispatch, queryClient],
  );

  return { start, updateUser, refreshUser, end };
}
