import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { messages } from '@gavel/domain';
import { EmptyState } from '../components/empty-state/EmptyState.tsx';
import { AlertIcon } from '../components/icons/icons.tsx';
import { useNotify } from '../components/toast/use-notify.ts';
import { useAppSelector } from '../app/store.ts';
import { SIGNIN_EXPIRED } from './SessionExpiryWatcher.tsx';
import { useCurrentUser } from './use-current-user.ts';
import './require-sign-in.css';

/**
 * The account pages' route guard: signed-out visitors go to /signin with the spec's gate message; the pages
 * below render only once the user is loaded, so none of them has to handle a missing user.
 */
export function RequireSignIn() {
  const { signedIn, user, isError, refetch } = useCurrentUser();
  const expired = useAppSelector((state) => state.session.status === 'signedOut' && state.session.expired === true);
  const notify = useNotify();

  useEffect(() => {
    if (!signedIn && !expired) notify.info(messages.gates.signIn);
  }, [signedIn, expired, notify]);

  if (!signedIn) return <Navigate to={expired ? SIGNIN_EXPIRED : '/signin'} replace />;
  if (user) return <Outlet />;
  if (isError) {
    return (
      <div className="page">
        <EmptyState testId="account-error" tone="error" icon={<AlertIcon width={26} height={26} />}
          title="We couldn't load your account" description="Check your connection and try again."
          action={<button type="button" className="btn btn--primary" onClick={() => void refetch()}>Try Again</button>} />
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
