import { useEffect, useState } from 'react';
import { Link, Navigate, Outlet } from 'react-router';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { AlertIcon, ShieldIcon } from '../../components/icons/icons.tsx';
import { readToken } from '../../state/session-token.ts';
import { readAdminToken, removeAdminToken, writeAdminToken } from '../../session/admin-token.ts';
import { useProfile } from '../admin-profile.ts';
import { guardState } from './guard-state.ts';

const verifying = (
  <div className="admin-gate" data-testid="admin-verifying" aria-busy="true">
    <span className="admin-spinner" aria-hidden="true" />
    <p>Verifying Access</p>
  </div>
);

/** The admin area's gate: the spec's guard states, decided by guardState. */
export function AdminGuard() {
  // Read once per visit: clearing a refused token must leave Access Denied on screen, not turn it into a redirect.
  const [adminToken] = useState(readAdminToken);
  const [userToken] = useState(readToken);
  const admin = useProfile('admin', adminToken);
  const user = useProfile('user', adminToken ? null : userToken);
  const state = guardState({ adminToken: Boolean(adminToken), adminProfile: admin.lookup, userToken: Boolean(userToken), userProfile: user.lookup });

  // The spec: a denied admin profile clears the admin token (the Access Denied screen offers the way back in).
  useEffect(() => {
    if (state === 'denied') removeAdminToken();
  }, [state]);
  // An admin signed in on the site: their session is the admin token too, written before the area's calls are made.
  const [carried, setCarried] = useState(false);
  useEffect(() => {
    if (state !== 'carry' || !userToken) return;
    writeAdminToken(userToken);
    setCarried(true);
  }, [state, userToken]);

  switch (state) {
    case 'allowed':
      return <Outlet context={admin.user} />;
    case 'carry':
      if (carried) return <Outlet context={user.user} />;
      return verifying;
    case 'login':
      return <Navigate to="/s/admin/login" replace />;
    case 'unauthorized':
      return <Navigate to="/unauthorized" replace />;
    case 'verifying':
      return verifying;
    case 'denied':
      return (
        <div className="admin-gate">
          <EmptyState
            testId="admin-access-denied"
            tone="error"
            icon={<AlertIcon width={26} height={26} />}
            title="Access Denied"
            description="We could not confirm your admin access. Please sign in to the admin area again."
            action={
              <div className="button-row">
                <Link to="/" className="btn btn--ghost">
                  Go Home
                </Link>
                <Link to="/s/admin/login" className="btn btn--primary">
                  Admin Login
                </Link>
              </div>
            }
          />
        </div>
      );
    case 'insufficient':
      return (
        <div className="admin-gate">
          <EmptyState
            testId="admin-insufficient"
            tone="error"
            icon={<ShieldIcon width={26} height={26} />}
            title="Insufficient Permissions"
            description="Your account does not have the admin role needed for this area."
            action={
              <Link to="/" className="btn btn--primary">
                Return to Home
              </Link>
            }
          />
        </div>
      );
  }
}
