/**
 * Coming back to where the visitor was. `returnUrl` in the address bar and the bid return below are followed only
 * when they are paths of this site: a value from the address bar or from storage must never send anyone away.
 *
 * The bid return: a check before bidding (signed out, a setup step missing) sends the bidder off from a lot's PLACE
 * BID; the lot and the amount they typed are remembered for this tab, and signing in (or finishing the last setup
 * step) brings them back to the lot with the amount in the bid box. Only for a while: a stale return must not
 * hijack a later, unrelated sign-in. The watchlist heart clicked while signed out uses the same return.
 */
const BID_RETURN_KEY = 'gavel.bidReturn';
export const BID_RETURN_TTL_MS = 30 * 60_000;
/** The lot page's query parameter carrying the typed amount back into its bid box. */
export const AMOUNT_PARAM = 'amount';

/** `value` when it is a path of this site ("/auctions/abc?amount=26.00"), else null. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//')) return null;
  // Browsers read "\" as "/" and drop tabs and newlines from addresses: "/\evil.example" and "/\t/evil.example" leave the site.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  const base = 'https://gavel.invalid';
  return new URL(value, base).origin === base ? value : null;
}

/** The lot page at `lotPath` with `amount` for its bid box ("/auctions/abc?amount=26.00"). */
export function lotReturnPath(lotPath: string, amount?: string): string {
  return amount ? `${lotPath}?${new URLSearchParams({ [AMOUNT_PARAM]: amount })}` : lotPath;
}

/** An amount arriving in the lot's address: kept only if it looks like one (the bid box checks it against the minimum). */
export function returnedAmount(value: string | null): string | null {
  return value && /^\d{1,18}(\.\d{1,18})?$/.test(value) ? value : null;
}

export function rememberBidReturn(path: string, now = Date.now()): void {
  if (safeReturnPath(path)) sessionStorage.setItem(BID_RETURN_KEY, JSON.stringify({ path, at: now }));
}

/** The remembered lot to go back to, if it is recent and safe. */
export function pendingBidReturn(now = Date.now()): string | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(BID_RETURN_KEY) ?? 'null') as { path?: unknown; at?: unknown } | null;
    if (typeof stored?.path !== 'string' || typeof stored.at !== 'number' || now - stored.at > BID_RETURN_TTL_MS) return null;
    return safeReturnPath(stored.path);
  } catch {
    return null;
  }
}

/** Back on a lot page: the journey is over. */
export function forgetBidReturn(): void {
  sessionStorage.removeItem(BID_RETURN_KEY);
}

/** Where signing in leads: the spec's sign-in redirect, except that a bidder with nothing left to set up goes back to their lot. */
export function afterSignInRoute(route: string): string {
  return route === '/' ? (pendingBidReturn() ?? route) : route;
}
