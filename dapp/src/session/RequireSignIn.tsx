import { useEffect, useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { messages } from '@gavel/domain';
import { EmptyState } from '../components/empty-state/EmptyState.tsx';
import { AlertIcon } from '../components/icons/icons.tsx';
import { useNotify } from '../components/toast/use-notify.ts';
import { useAppSelector } from '../state/store.ts';
import { SIGNIN_EXPIRED } from './SessionExpiryWatcher.tsx';
import { useCurrentUser } from './use-current-user.ts';
import './require-sign-in.css';

/**
 * The account pages' route guard: signed-out visitors go to /signin with the spec's gate message; the pages
 * below render only once the user is loaded, so none of them has to handle a missing user.
 *
 * A session that ends while an account page is open (Logout from the header menu) goes home quietly instead.
 * Logout navigates home before ending the session, but the router commits a navigation to a page whose code
 * is not loaded yet as a transition, after the session's end has re-rendered this guard; the gate's toast
 * would then replace "Logged out successfully!" and the redirect would land on /signin.
 */
export function RequireSignIn() {
  const { signedIn, user, isError, refetch } = useCurrentUser();
  const expired = useAppSelector((state) => state.session.status === 'signedOut' && state.session.expired === true);
  const notify = useNotify();
  const [signedInOnArrival] = useState(signedIn);
  const endedHere = signedInOnArrival && !signedIn && !expired;

  useEffect(() => {
    if (!signedIn && !expired && !endedHere) notify.info(messages.gates.signIn);
  }, [signedIn, expired, endedHere, notify]);

  if (!signedIn) return <Navigate to={expired ? SIGNIN_EXPIRED : endedHere ? '/' : '/signin'} replace />;
  if (user) return <Outlet />;
  if (isError) {
    return (
      <div className="page">
        <EmptyState
          testId="account-error"
          tone="error"
          icon={<AlertIcon width={26} height={26} />}
          title="We couldn't load your account"
          description="Check your connection and try again."
          action={
            <button type="button" className="btn btn--primary" onClick={() => void refetch()}>
              Try Again
            </button>
          }
        />
      </div>
    );
  }
  return (
    <div className="page account-loading" data-testid="account-loading" aria-busy="true">
      <div className="skeleton account-loading__title" />
      <div className="skeleton account-loading__block" />
    </div>
  );
}
