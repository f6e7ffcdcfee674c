import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { CloseIcon, GavelIcon, MenuIcon } from '../../components/icons/icons.tsx';
import { HeaderSearch } from './HeaderSearch.tsx';
import { MobileMenu } from './MobileMenu.tsx';
import { ProfileMenu } from './ProfileMenu.tsx';
import { NoticeArea } from '../../notices/NoticeArea.tsx';
import { CartLink } from '../../pages/cart/CartLink.tsx';
import { WalletMenu } from '../../wallet/WalletMenu.tsx';
import './header.css';

/** The header: brand, Auctions link, search toggle, profile menu, and the mobile menu on small screens. */
export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();

  // A route change means the visitor picked something: fold the mobile menu away.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route is the trigger
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  return (
    <header className="header" data-testid="header">
      <div className="header__bar">
        <button
          type="button"
          className="header__icon-button header__menu-button"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          data-testid="mobile-menu-button"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
        <Link to="/" className="header__brand" data-testid="header-brand">
          <GavelIcon className="header__brand-mark" width={22} height={22} />
          <span>Gavel</span>
        </Link>
        <nav className="header__nav" aria-label="Main">
          <NavLink to="/auctions" className="header__nav-link" data-testid="nav-auctions">
            Auctions
          </NavLink>
          <NavLink to="/sell" className="header__nav-link">
            Sell
          </NavLink>
          <NavLink to="/support" className="header__nav-link">
            Support
          </NavLink>
        </nav>
        <div className="header__actions">
          <HeaderSearch />
          <NoticeArea />
          <CartLink />
          <WalletMenu />
          <ProfileMenu />
        </div>
      </div>
      {menuOpen && <MobileMenu onNavigate={() => setMenuOpen(false)} />}
    </header>
  );
}
