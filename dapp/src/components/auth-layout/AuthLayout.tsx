import type { ReactNode } from 'react';
import './auth-layout.css';

/**
 * The spec's split-screen layout for account pages: the brand panel beside the page's own content. The panel has the
 * tagline and the picture but no logo of its own: the site header above it already shows the logo, and twice was once
 * too many.
 */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="auth-layout">
      <aside className="auth-layout__brand" aria-hidden="true">
        <p className="auth-layout__quote">Rare inscriptions, NFTs and collectibles, under the hammer.</p>
        <div className="auth-layout__art" />
      </aside>
      <div className="auth-layout__content">{children}</div>
    </div>
  );
}
