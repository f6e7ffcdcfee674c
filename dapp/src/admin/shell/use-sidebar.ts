import { useCallback, useEffect, useState } from 'react';
import { isMobileWidth, isSidebarShortcut, readSidebarOpen, SIDEBAR_MOBILE_BREAKPOINT, sidebarCookie } from './sidebar-state.ts';

/**
 * The sidebar's state: on wide screens open or collapsed to icons (remembered in the cookie); under 768 px an
 * off-canvas sheet, closed until asked for and not remembered (a phone's choice should not collapse the
 * desktop rail). Ctrl/Cmd+B toggles whichever applies.
 */
export function useSidebar() {
  const [open, setOpen] = useState(() => readSidebarOpen(document.cookie));
  const [mobile, setMobile] = useState(() => isMobileWidth(window.innerWidth));
  const [sheetOpen, setSheetOpen] = useState(false);

  useEffect(() => {
    const query = window.matchMedia(`(max-width: ${SIDEBAR_MOBILE_BREAKPOINT - 1}px)`);
    const update = () => setMobile(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  const toggle = useCallback(() => {
    if (mobile) {
      setSheetOpen((shown) => !shown);
      return;
    }
    setOpen((wasOpen) => {
      // biome-ignore lint/suspicious/noDocumentCookie: the sidebar state is the cookie sidebar_state, and the Cookie Store API is not in every browser
      document.cookie = sidebarCookie(!wasOpen);
      return !wasOpen;
    });
  }, [mobile]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return;
      event.preventDefault(); // Ctrl+B is bold in the content editor; the spec gives it to the sidebar
      toggle();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);

  return { open, mobile, sheetOpen, toggle, closeSheet: () => setSheetOpen(false) };
}
