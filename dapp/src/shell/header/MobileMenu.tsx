import { NavLink, useLocation } from 'react-router';
import { useCurrentUser } from '../../session/use-current-user.ts';
import { useLogout } from '../../session/use-logout.ts';
import { connectWalletHref } from '../../wallet/connect-wallet-href.ts';
import { disconnectFailure } from '../../wallet/wallet-failure.ts';
import { useNotify } from '../../components/toast/use-notify.ts';
import { disconnectWallet } from '../../wallet/wallet-actions.ts';
import { useConnectedWallet } from '../../wallet/wallet-store.ts';
import { FOLLOW_LINKS } from '../../follow/follow-links.ts';

const LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/auctions', label: 'Auctions', end: false },
  { to: '/sell', label: 'Sell', end: false },
  { to: '/support', label: 'Support', end: false },
  { to: '/about', label: 'About', end: false },
] as const;

/** The small-screen navigation panel that opens under the header bar, with the account actions below it. */
export function MobileMenu({ onNavigate }: { onNavigate: () => void }) {
  const location = useLocation();
  const { signedIn } = useCurrentUser();
  const logout = useLogout();
  const walletHref = connectWalletHref(location.pathname, location.search);
  const wallet = useConnectedWallet();
  const notify = useNotify();
  return (
    <nav id="mobile-menu" className="mobile-menu" aria-label="Mobile" data-testid="mobile-menu">
      <ul className="mobile-menu__list">
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.end} className="mobile-menu__link" onClick={onNavigate}>
              {link.label}
            </NavLink>
          </li>
        ))}
        {signedIn && (
          <>
            <li>
              <NavLink to="/profile" className="mobile-menu__link" onClick={onNavigate} data-testid="mobile-profile">
                Profile
              </NavLink>
            </li>
            {FOLLOW_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className="mobile-menu__link" onClick={onNavigate} data-testid={`mobile-${link.testId}`}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li>
              <NavLink to="/change-password" className="mobile-menu__link" onClick={onNavigate}>
                Reset Password
              </NavLink>
            </li>
          </>
        )}
      </ul>
      <div className="mobile-menu__account">
        {signedIn ? (
          <button
            type="button"
            className="btn btn--ghost btn--block"
            data-testid="mobile-logout"
            onClick={() => {
              onNavigate();
              void logout();
            }}
          >
            Logout
          </button>
        ) : (
          <NavLink to="/signin" className="btn btn--primary btn--block" onClick={onNavigate}>
            Sign In
          </NavLink>
        )}
        {wallet ? (
          <button
            type="button"
            className="btn btn--ghost btn--block"
            data-testid="mobile-disconnect-wallet"
            onClick={() => {
              onNavigate();
              disconnectWallet().catch((error: unknown) => notify.failure(error, disconnectFailure(error)));
            }}
          >
            Disconnect Wallet
          </button>
        ) : (
          <NavLink to={walletHref} className="btn btn--ghost btn--block" onClick={onNavigate}>
            Connect Wallet
          </NavLink>
        )}
      </div>
    </nav>
  );
}
