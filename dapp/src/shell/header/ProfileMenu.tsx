import { useCallback, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '../../session/use-current-user.ts';
import { useLogout } from '../../session/use-logout.ts';
import { GavelIcon, HeartIcon, KeyIcon, LoginIcon, LogoutIcon, ShieldIcon, UserIcon, WalletIcon } from '../../components/icons/icons.tsx';
import { FOLLOW_LINKS } from '../../follow/follow-links.ts';
import { useDismiss } from '../../components/popover/use-dismiss.ts';
import { connectWalletHref } from '../../wallet/connect-wallet-href.ts';
import { useConnectedWallet } from '../../wallet/wallet-store.ts';
import { disconnectWallet } from '../../wallet/wallet-actions.ts';
import { useNotify } from '../../components/toast/use-notify.ts';
import { disconnectFailure } from '../../wallet/wallet-failure.ts';

/**
 * The header's profile menu. Signed out: Sign In and Connect Wallet. Signed in: who is signed in,
 * then Profile, Admin (for admins), My bids, Watchlist, Won, My sales, Reset Password, Connect Wallet (or Disconnect Wallet) and Logout.
 */
export function ProfileMenu() {
  const { signedIn, user } = useCurrentUser();
  const logout = useLogout();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(root, open, close);
  const walletHref = connectWalletHref(location.pathname, location.search);
  const wallet = useConnectedWallet();
  const notify = useNotify();
  // Connect Wallet, or Disconnect Wallet once one is connected.
  const walletItem = wallet ? (
    <button
      type="button"
      role="menuitem"
      className="profile-menu__item profile-menu__item--button"
      data-testid="menu-disconnect-wallet"
      onClick={() => {
        close();
        disconnectWallet().catch((error: unknown) => notify.failure(error, disconnectFailure(error)));
      }}
    >
      <WalletIcon width={18} height={18} /> Disconnect Wallet
    </button>
  ) : (
    <Link role="menuitem" className="profile-menu__item" to={walletHref} onClick={close} data-testid="menu-connect-wallet">
      <WalletIcon width={18} height={18} /> Connect Wallet
    </Link>
  );

  return (
    <div className="profile-menu" ref={root}>
      <button
        type="button"
        className="header__icon-button profile-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label="Account menu"
        data-testid="profile-menu-button"
        data-signed-in={signedIn || undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <UserIcon />
        {signedIn && <span className="profile-menu__badge" aria-hidden="true" />}
      </button>
      {open && (
        <div className="dropdown-panel profile-menu__panel" role="menu" data-testid="profile-menu">
          {signedIn ? (
            <>
              <p className="profile-menu__who" data-testid="menu-user">
                <strong>{user?.name ?? 'Signed in'}</strong>
                {user && <span>{user.email}</span>}
              </p>
              <Link role="menuitem" className="profile-menu__item" to="/profile" onClick={close} data-testid="menu-profile">
                <UserIcon width={18} height={18} /> Profile
              </Link>
              {user?.role === 'admin' && (
                <Link role="menuitem" className="profile-menu__item" to="/s/admin" onClick={close} data-testid="menu-admin">
                  <ShieldIcon width={18} height={18} /> Admin
                </Link>
              )}
              {FOLLOW_LINKS.map((link) => (
                <Link key={link.to} role="menuitem" className="profile-menu__item" to={link.to} onClick={close} data-testid={`menu-${link.testId}`}>
                  {link.to === '/watchlist' ? <HeartIcon width={18} height={18} /> : <GavelIcon width={18} height={18} />} {link.label}
                </Link>
              ))}
              <Link role="menuitem" className="profile-menu__item" to="/change-password" onClick={close} data-testid="menu-reset-password">
                <KeyIcon width={18} height={18} /> Reset Password
              </Link>
              {walletItem}
              <button
                type="button"
                role="menuitem"
                className="profile-menu__item profile-menu__item--button"
                data-testid="menu-logout"
                onClick={() => {
                  close();
                  void logout();
                }}
              >
                <LogoutIcon width={18} height={18} /> Logout
              </button>
            </>
          ) : (
            <>
              <p className="profile-menu__hint">Sign in to bid, track lots and manage your wallets.</p>
              <Link role="menuitem" className="profile-menu__item" to="/signin" onClick={close} data-testid="menu-sign-in">
                <LoginIcon width={18} height={18} /> Sign In
              </Link>
              {walletItem}
            </>
          )}
        </div>
      )}
    </div>
  );
}
