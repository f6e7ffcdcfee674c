/**
 * The admin sidebar's open/collapsed state: kept in a cookie for 7 days, so the
 * choice survives reloads and is readable by a server render too; toggled with Ctrl+B or Cmd+B.
 */
export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 7 * 24 * 60 * 60;
/** Under this width the sidebar is an off-canvas sheet instead of a rail. */
export const SIDEBAR_MOBILE_BREAKPOINT = 768;

/** `true` open, `false` collapsed to icons; open when no choice was stored. */
export function readSidebarOpen(cookie: string): boolean {
  for (const part of cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SIDEBAR_COOKIE) return value !== 'false';
  }
  return true;
}

export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
}

/** Ctrl+B (Windows, Linux) or Cmd+B (macOS), without Shift or Alt so other shortcuts stay free. */
export function isSidebarShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): boolean {
  return event.key.toLowerCase() === 'b' && (event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey;
}

export function isMobileWidth(width: number): boolean {
  return width < SIDEBAR_MOBILE_BREAKPOINT;
}
