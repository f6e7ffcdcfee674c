/** `/connect-wallet?returnUrl=` brings the visitor back to the page they were on. */
export function connectWalletHref(pathname: string, search: string): string {
  return `/connect-wallet?returnUrl=${encodeURIComponent(pathname + search)}`;
}
