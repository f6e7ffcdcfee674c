import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Footer } from '../../components/footer/Footer.tsx';
import { Header } from '../header/Header.tsx';
import { ToastHost } from '../../components/toast/ToastHost.tsx';
import { SessionExpiryWatcher } from '../../session/SessionExpiryWatcher.tsx';
import './app-layout.css';

/** The frame of every page: header, the route's content, footer, and the toast region. */
export function AppLayout() {
  const { pathname, hash } = useLocation();

  // A new page starts at its top (unless the link names a section of it: the page scrolls there itself);
  // paging within /auctions scrolls itself. Braces matter: current Chromium's scrollTo returns a promise,
  // which React would take for a clean-up function.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page is the trigger, see below
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname]); // not `hash`: moving between sections of one page is not a new page

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" className="app__main">
        <Outlet />
      </main>
      <Footer />
      <ToastHost />
      <SessionExpiryWatcher />
    </div>
  );
}
