import { useSelector } from 'react-redux';

/**
 * What the api's session-keyed queries need of the app's store: its `session` slice, with the token or null.
 * Declared here by shape rather than imported, so the api client stays below the store and the session code
 * that fill it.
 */
interface HoldsSession {
  session: { token: string | null };
}

/** The session's token, or null while signed out: it keys the queries whose reply belongs to one account. */
export function useSessionToken(): string | null {
  return useSelector((state: HoldsSession) => state.session.token);
}
