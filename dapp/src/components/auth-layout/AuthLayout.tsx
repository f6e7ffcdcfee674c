import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { GavelIcon } from '../icons/icons.tsx';
import './auth-layout.css';

/** The spec's split-screen layout for account pages: the brand panel beside the page's own content. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="auth-layout">
      <aside className="auth-layout__brand" aria-hidden="true">
        <Link to="/" className="auth-layout__logo" tabIndex={-1}>
          <GavelIcon width={28} height={28} /> Gavel
        </Link>
        <p className="auth-layout__quote">Rare inscriptions, NFTs and collectibles, under the hammer.</p>
        <div className="auth-layout__art" />
      </aside>
      <div className="auth-layout__content">{children}</div>
    </div>
  );
}
