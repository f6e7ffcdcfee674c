import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '@gavel/domain';
import { authApi } from '../api/auth.ts';
import { useNotify } from '../components/toast/use-notify.ts';
import { useSession } from './use-session.ts';
import { readToken, removeToken } from '../state/session-token.ts';

/**
 * Logout: the api revokes every token of the user, then this device goes home and forgets its session. It
 * forgets it even if the call fails (offline, say): a user who asked to sign out must end up signed out here.
 * The stored token goes first, so a poll refused with it after the revocation is not taken for an expired
 * session. An account page still on screen when the session ends sends the user home too, without a toast of
 * its own (RequireSignIn), so the logout's toast is the one that stays.
 */
export function useLogout() {
  const { end } = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  return useCallback(async () => {
    const token = readToken();
    removeToken();
    try {
      const reply = await authApi.logout(token);
      notify.success(reply.message, messages.auth.loggedOut);
    } catch (error) {
      notify.failure(error, messages.auth.failedLogout);
    }
    await navigate('/');
    end();
  }, [end, notify, navigate]);
}
