import { useCallback, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useAppSelector } from '../../app/store.ts';
import { LoginIcon, UserIcon, WalletIcon } from '../icons/icons.tsx';
import { useDismiss } from './use-dismiss.ts';

/** `/connect-wallet?returnUrl=` brings the visitor back to the page they were on (spec section 2). */
export function connectWalletHref(pathname: string, search: string): string {
  return `/connect-wallet?returnUrl=${encodeURIComponent(pathname + search)}`;
}

/**
 * The header's profile menu. Only the signed-out menu exists until sign-in lands: Sign In and Connect Wallet.
 * Profile, Reset Password, Disconnect Wallet and Logout join it with the session.
 */
export function ProfileMenu() {
  const session = useAppSelector((state) => state.session);
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(root, open, close);

  return (
    <div className="profile-menu" ref={root}>
      <button type="button" className="header__icon-button profile-menu__button" aria-haspopup="menu"
        aria-expanded={open} aria-label="Account menu" data-testid="profile-menu-button"
        onClick={() => setOpen((value) => !value)}>
        <UserIcon />
      </button>
      {open && session.status === 'signedOut' && (
        <div className="profile-menu__panel" role="menu" data-testid="profile-menu">
          <p className="profile-menu__hint">Sign in to bid, track lots and manage your wallets.</p>
          <Link role="menuitem" className="profile-menu__item" to="/signin" onClick={close} data-testid="menu-sign-in">
            <LoginIcon width={18} height={18} /> Sign In
          </Link>
          <Link role="menuitem" className="profile-menu__item" onClick={close} data-testid="menu-connect-wallet"
            to={connectWalletHref(location.pathname, location.search)}>
            <WalletIcon width={18} height={18} /> Connect Wallet
          </Link>
        </div>
      )}
    </div>
  );
}
