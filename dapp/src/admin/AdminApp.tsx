/**
 * The admin area (/s/admin/*), loaded as its own chunk through the route's `lazy` so buyer pages never pay for
 * it. Its routes are declared here, under the guard and the admin layout.
 */
import { Route, Routes } from 'react-router';
import { AdminGuard } from './shell/AdminGuard.tsx';
import { AdminLayout } from './shell/AdminLayout.tsx';
import { AdminLoginPage } from './shell/AdminLoginPage.tsx';
import { DashboardPage } from './dashboard/DashboardPage.tsx';
import { UsersPage } from './users/UsersPage.tsx';
import { UserDetailPage } from './users/UserDetailPage.tsx';
import { AdminNotFound } from './shell/AdminNotFound.tsx';
import './admin.css';

export function AdminApp() {
  return (
    <Routes>
      <Route path="login" element={<AdminLoginPage />} />
      <Route element={<AdminGuard />}>
        <Route element={<AdminLayout />}>
          <Route index element={<DashboardPage />} />
          <Route path="users" element={<UsersPage />} />
          <Route path="users/:userId" element={<UserDetailPage />} />
          <Route path="*" element={<AdminNotFound />} />
        </Route>
      </Route>
    </Routes>
  );
}
