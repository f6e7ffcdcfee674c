/**
 * The admin's separate token: kept under `admin_token`, apart from the buyer session, and
 * sent instead of the user token when the page is on an `admin.` host or under /s/admin. Both go as Bearer.
 */
import { readToken } from '../state/session-token.ts';

export const ADMIN_TOKEN_KEY = 'admin_token';

export function readAdminToken(): string | null {
  try {
    return localStorage.getItem(ADMIN_TOKEN_KEY);
  } catch {
    return null; // storage off: the admin simply has to sign in again
  }
}

export function writeAdminToken(token: string): void {
  try {
    localStorage.setItem(ADMIN_TOKEN_KEY, token);
  } catch {
    // without storage the admin session lasts until reload
  }
}

export function removeAdminToken(): void {
  try {
    localStorage.removeItem(ADMIN_TOKEN_KEY);
  } catch {
    // nothing stored
  }
}

/** The spec's selection rule, pure so it can be tested without a window. */
export function usesAdminToken(host: string, pathname: string): boolean {
  return host.startsWith('admin.') || pathname === '/s/admin' || pathname.startsWith('/s/admin/');
}

/** The token a call from the current page carries. */
export function requestToken(): string | null {
  if (typeof location !== 'undefined' && usesAdminToken(location.host, location.pathname)) return readAdminToken();
  return readToken();
}

/** Whether `token` is still one this browser keeps (a call made before sign-out may come back after it). */
export function isStoredToken(token: string): boolean {
  return token === readToken() || token === readAdminToken();
}
