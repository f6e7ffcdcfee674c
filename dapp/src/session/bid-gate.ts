/**
 * The spec's "Checks before bidding" for the dapp: the first failed check, in the spec's order,
 * with its message and the page that fixes it. The api enforces the same checks (GET /auth/bid-eligibility and
 * a 403 on bid routes); this lets the lot page say what is left instead of making a failed request.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { firstFailedGate, gatesLeft, type GateFailure, type GateStep, type User } from '@gavel/domain';
import { authApi } from '../api/auth.ts';
import { queryKeys } from '../api/query-keys.ts';
import { useAppSelector } from '../state/store.ts';
import { useNotify } from '../components/toast/use-notify.ts';
import { rememberBidReturn } from './return-path.ts';
import { USER_STALE_MS, useCurrentUser } from './use-current-user.ts';

/** The first failed bidding check for `user` (null: signed out), or null when they may bid. */
export function checkBidGate(user: User | null): GateFailure | null {
  const failure = firstFailedGate(user);
  // The e-mail page needs to know whose code it is checking.
  if (failure?.gate === 'emailVerified' && user) return { ...failure, redirect: `${failure.redirect}?userId=${encodeURIComponent(user.id)}` };
  return failure;
}

/** Every check `user` has still to pass, in order, for the lot page to list (the e-mail step names whose code it is). */
export function bidGatesLeft(user: User): GateStep[] {
  return gatesLeft(user).map((step) => (step.gate === 'emailVerified' && step.redirect ? { ...step, redirect: `${step.redirect}?userId=${encodeURIComponent(user.id)}` } : step));
}

export interface BidGate {
  /** The first failed check for the cached user (null while a signed-in user is loading); for disabling buttons. */
  failure: GateFailure | null;
  /**
   * Call before PLACE BID (or BUY NOW): resolves null when the user may bid; otherwise toasts the gate's message,
   * navigates to the page that fixes it, and resolves the failure. `returnTo` (the lot, with the typed amount) is
   * where signing in or the last setup step brings the bidder back.
   */
  check: (returnTo?: string) => Promise<GateFailure | null>;
}

export function useBidGate(): BidGate {
  const { user, signedIn } = useCurrentUser();
  const token = useAppSelector((state) => state.session.token);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();

  const check = useCallback(
    async (returnTo?: string) => {
      // The cached user if fresh enough, else one GET /auth/me; a failure to load counts as not signed in.
      const current = token
        ? await queryClient
            .ensureQueryData({ queryKey: queryKeys.currentUser.of(token), queryFn: () => authApi.me().then((reply) => reply.user), staleTime: USER_STALE_MS, retry: false })
            .catch(() => null)
        : null;
      const failure = checkBidGate(current);
      if (failure) {
        if (returnTo) rememberBidReturn(returnTo);
        notify.info(failure.message);
        navigate(failure.redirect);
      }
      return failure;
    },
    [token, queryClient, navigate, notify],
  );

  return { failure: signedIn && !user ? null : checkBidGate(user), check };
}
