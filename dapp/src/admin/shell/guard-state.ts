/**
 * The admin guard's decision, kept pure so each state is tested on its own:
 * - an admin token is checked first: loading -> Verifying Access; refused or failed -> Access Denied (the token
 *   is cleared); a profile whose role is not admin -> /unauthorized; admin -> the area.
 * - no admin token but a buyer session: that account is looked up; an admin's session carries into the area (it
 *   becomes the admin token: one sign-in is enough), and a non-admin sees Insufficient Permissions.
 * - nobody signed in: straight to the admin login.
 */
export type GuardState = 'login' | 'verifying' | 'denied' | 'insufficient' | 'unauthorized' | 'allowed' | 'carry';

/** What a profile lookup has produced so far. */
export type ProfileLookup = { status: 'idle' } | { status: 'loading' } | { status: 'error' } | { status: 'done'; role: string };

export interface GuardInput {
  adminToken: boolean;
  adminProfile: ProfileLookup;
  userToken: boolean;
  userProfile: ProfileLookup;
}

export function guardState({ adminToken, adminProfile, userToken, userProfile }: GuardInput): GuardState {
  if (adminToken) {
    if (adminProfile.status === 'done') return adminProfile.role === 'admin' ? 'allowed' : 'unauthorized';
    return adminProfile.status === 'error' ? 'denied' : 'verifying';
  }
  if (userToken) {
    if (userProfile.status === 'done') return userProfile.role === 'admin' ? 'carry' : 'insufficient';
    return userProfile.status === 'error' ? 'denied' : 'verifying';
  }
  return 'login';
}
