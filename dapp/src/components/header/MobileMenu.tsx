import { NavLink, useLocation } from 'react-router';
import { connectWalletHref } from './ProfileMenu.tsx';

const LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/auctions', label: 'Auctions', end: false },
  { to: '/sell', label: 'Sell', end: false },
  { to: '/support', label: 'Support', end: false },
  { to: '/about', label: 'About', end: false },
] as const;

/** The small-screen navigation panel that opens under the header bar. */
export function MobileMenu({ onNavigate }: { onNavigate: () => void }) {
  const location = useLocation();
  return (
    <nav id="mobile-menu" className="mobile-menu" aria-label="Mobile" data-testid="mobile-menu">
      <ul className="mobile-menu__list">
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.end} className="mobile-menu__link" onClick={onNavigate}>{link.label}</NavLink>
          </li>
        ))}
      </ul>
      <div className="mobile-menu__account">
        <NavLink to="/signin" className="btn btn--primary btn--block" onClick={onNavigate}>Sign In</NavLink>
        <NavLink to={connectWalletHref(location.pathname, location.search)} className="btn btn--ghost btn--block"
          onClick={onNavigate}>Connect Wallet</NavLink>
      </div>
    </nav>
  );
}
