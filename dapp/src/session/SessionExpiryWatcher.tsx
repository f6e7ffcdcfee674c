import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { onSessionExpired } from './session-expiry.ts';
import { useSession } from './use-session.ts';

export const SIGNIN_EXPIRED = '/signin?error=unauthorized';

/**
 * The spec's 401 rule: when any authenticated call is refused, local storage is already cleared by
 * the api client; this forgets the session's cached data and returns to sign-in, which says why.
 */
export function SessionExpiryWatcher() {
  const { end } = useSession();
  const navigate = useNavigate();
  useEffect(
    () =>
      onSessionExpired(() => {
        // Ended as expired, an account page's guard (still mounted while the sign-in page loads) sends the user
        // to the same place rather than to a plain /signin that does not say why.
        end('expired');
        void navigate(SIGNIN_EXPIRED, { replace: true });
      }),
    [end, navigate],
  );
  return null;
}
