import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate, useOutletContext } from 'react-router';
import type { User } from '@gavel/domain';
import { authApi } from '../../api/auth.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { ChevronDownIcon, LogoutIcon, MenuIcon } from '../../components/icons/icons.tsx';
import { ToastHost } from '../../components/toast/ToastHost.tsx';
import { onSessionExpired } from '../../session/session-expiry.ts';
import { readAdminToken, removeAdminToken } from '../../session/admin-token.ts';
import { ADMIN_NAV } from './admin-nav.tsx';
import { useSidebar } from './use-sidebar.ts';

/** The admin frame: sidebar, header with "Back to Main Site" and the user menu, the page, toasts. */
export function AdminLayout() {
  const admin = useOutletContext<User>();
  const sidebar = useSidebar();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  // A 401 on an admin call: the api client has already cleared storage; back to the admin login, saying why.
  useEffect(
    () =>
      onSessionExpired(() => {
        queryClient.removeQueries({ queryKey: queryKeys.admin.all });
        void navigate('/s/admin/login?error=unauthorized', { replace: true });
      }),
    [navigate, queryClient],
  );

  // A new page closes the phone sheet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page is the trigger, see below
  useEffect(() => sidebar.closeSheet(), [pathname]); // closeSheet is a fresh function each render, and stable in effect

  const logout = async () => {
    // Revoke the token server-side too; signing out here must work even when that call fails. The stored token
    // goes first, so a list refused with it after the revocation is not taken for an expired session.
    const token = readAdminToken();
    removeAdminToken();
    await authApi.logout(token).catch(() => undefined);
    queryClient.removeQueries({ queryKey: queryKeys.admin.all });
    queryClient.removeQueries({ queryKey: queryKeys.adminGuard.all });
    await navigate('/s/admin/login', { replace: true });
  };

  const collapsed = !sidebar.mobile && !sidebar.open;
  return (
    <div className="admin" data-sidebar={sidebar.mobile ? 'mobile' : sidebar.open ? 'expanded' : 'collapsed'}>
      {sidebar.mobile && sidebar.sheetOpen && <div className="admin-scrim" onClick={sidebar.closeSheet} aria-hidden="true" />}
      <aside
        className={`admin-sidebar${sidebar.mobile && sidebar.sheetOpen ? ' admin-sidebar--sheet-open' : ''}`}
        data-testid="admin-sidebar"
        data-state={collapsed ? 'collapsed' : 'expanded'}
        aria-label="Admin navigation"
      >
        <Link to="/s/admin" className="admin-sidebar__brand">
          <span aria-hidden="true">G</span>
          {!collapsed && <span>Gavel Admin</span>}
        </Link>
        <nav className="admin-sidebar__nav">
          {ADMIN_NAV.map(({ to, label, icon: Icon, end }) => (
            <NavLink key={to} to={to} end={end} className="admin-sidebar__link" title={collapsed ? label : undefined} data-testid={`admin-nav-${label.toLowerCase()}`}>
              <Icon width={18} height={18} />
              {!collapsed && <span>{label}</span>}
            </NavLink>
          ))}
        </nav>
      </aside>
      <div className="admin-main">
        <header className="admin-header">
          <button
            type="button"
            className="admin-header__toggle"
            onClick={sidebar.toggle}
            data-testid="admin-sidebar-toggle"
            aria-label="Toggle sidebar (Ctrl+B)"
            aria-expanded={sidebar.mobile ? sidebar.sheetOpen : sidebar.open}
          >
            <MenuIcon width={20} height={20} />
          </button>
          <Link to="/" className="admin-header__back" data-testid="admin-back-to-site">
            Back to Main Site
          </Link>
          <div className="admin-user">
            <button type="button" className="admin-user__button" onClick={() => setMenuOpen((shown) => !shown)} aria-expanded={menuOpen} aria-haspopup="menu" data-testid="admin-user-menu">
              <span className="admin-user__email">{admin.email}</span> <ChevronDownIcon width={16} height={16} />
            </button>
            {menuOpen && (
              <div className="admin-user__menu" role="menu">
                <p className="admin-user__role">Signed in as admin</p>
                <button type="button" role="menuitem" onClick={() => void logout()} data-testid="admin-logout">
                  <LogoutIcon width={16} height={16} /> Log out
                </button>
              </div>
            )}
          </div>
        </header>
        <main className="admin-content" id="admin-main">
          <Outlet />
        </main>
      </div>
      <ToastHost />
    </div>
  );
}
