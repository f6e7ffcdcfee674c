import { useQuery } from '@tanstack/react-query';
import type { User } from '@gavel/domain';
import { authApi } from '../api/auth.ts';
import { queryKeys } from '../api/query-keys.ts';
import { useAppSelector } from '../state/store.ts';

/** The spec: the user query is fresh for 5 minutes and never retried (a 401 must end the session at once). */
export const USER_STALE_MS = 5 * 60_000;

export interface CurrentUser {
  /** null: signed out, or signed in and not loaded yet (see `isLoading`). */
  user: User | null;
  signedIn: boolean;
  /** Signed in and the first GET /auth/me is still on its way. */
  isLoading: boolean;
  isError: boolean;
  refetch: () => Promise<unknown>;
}

/** The signed-in user from GET /auth/me, shared by every component through the query cache. */
export function useCurrentUser(): CurrentUser {
  const session = useAppSelector((state) => state.session);
  const signedIn = session.status === 'signedIn';
  const query = useQuery({
    // The token is part of the key so a new session (another account, a changed password) never shows the old user.
    queryKey: queryKeys.currentUser.of(session.token),
    queryFn: ({ signal }) => authApi.me(signal).then((reply) => reply.user),
    enabled: signedIn,
    staleTime: USER_STALE_MS,
    retry: false,
  });
  return {
    user: signedIn ? (query.data ?? null) : null,
    signedIn,
    isLoading: signedIn && query.isPending,
    isError: query.isError,
    refetch: query.refetch,
  };
}

/** The user, for pages under RequireSignIn: it renders them only once the user has loaded. */
export function useSignedInUser(): User {
  const { user } = useCurrentUser();
  if (!user) throw new Error('useSignedInUser() is for pages under <RequireSignIn>');
  return user;
}
