/**
 * Where the session token lives between visits. localStorage (not a cookie) because the api takes a Bearer
 * header and the spec says a 401 clears all local storage, which then ends the session too.
 */
const TOKEN_KEY = 'gavel.session.token';

export function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    // Storage can be off (private modes, strict settings): the visitor simply stays signed out.
    return null;
  }
}

export function writeToken(token: string): void {
  try {
    localStorage.setItem(TOKEN_KEY, token);
  } catch {
    // Without storage the session lasts until the tab reloads, which beats refusing to sign in.
  }
}

export function removeToken(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // nothing stored, nothing to remove
  }
}
