/**
 * The admin area (/s/admin/*), loaded as its own chunk through the route's `lazy` so buyer pages never pay for
 * it. Its routes are declared here, under the guard and the admin layout.
 */
import { Route, Routes } from 'react-router';
import { CMS_PAGES } from '@gavel/domain';
import { AdminGuard } from './shell/AdminGuard.tsx';
import { AdminLayout } from './shell/AdminLayout.tsx';
import { AdminLoginPage } from './shell/AdminLoginPage.tsx';
import { AdminNotFound } from './shell/AdminNotFound.tsx';
import { DashboardPage } from './dashboard/DashboardPage.tsx';
import { UsersPage } from './users/UsersPage.tsx';
import { UserDetailPage } from './users/UserDetailPage.tsx';
import { AuctionsPage } from './events/AuctionsPage.tsx';
import { EventDetailPage } from './events/EventDetailPage.tsx';
import { EventCreatePage, EventEditPage } from './events/EventEditPages.tsx';
import { AdminLotDetailPage } from './lots/AdminLotDetailPage.tsx';
import { LotCreatePage, LotEditPage } from './lots/LotEditPages.tsx';
import { ContentEditPage, ContentListPage } from './content/ContentPages.tsx';
import { InscriptionsPage } from './lists/InscriptionsPage.tsx';
import { InscribePage } from './inscriptions/InscribePage.tsx';
import { InscriptionProgressPage } from './inscriptions/InscriptionProgressPage.tsx';
import { NftsPage } from './lists/NftsPage.tsx';
import { WhitelistPage } from './lists/WhitelistPage.tsx';
import { PoliciesPage } from './lists/PoliciesPage.tsx';
import { SupportRequestsPage } from './support/SupportRequestsPage.tsx';
import { ConsignmentsPage } from './consignments/ConsignmentsPage.tsx';
import { ConsignmentDetailPage } from './consignments/ConsignmentDetailPage.tsx';
import './admin.css';
import './lots/lot-form.css';

export function AdminApp() {
  return (
    <Routes>
      <Route path="login" element={<AdminLoginPage />} />
      <Route element={<AdminGuard />}>
        <Route element={<AdminLayout />}>
          <Route index element={<DashboardPage />} />
          <Route path="users" element={<UsersPage />} />
          <Route path="users/:userId" element={<UserDetailPage />} />
          <Route path="auctions" element={<AuctionsPage />} />
          <Route path="auctions/events/new" element={<EventCreatePage />} />
          <Route path="auctions/:eventId" element={<EventDetailPage />} />
          <Route path="auctions/:eventId/edit" element={<EventEditPage />} />
          <Route path="auctions/:eventId/lots/new" element={<LotCreatePage />} />
          <Route path="auctions/:eventId/lots/:lotId" element={<AdminLotDetailPage />} />
          <Route path="auctions/:eventId/lots/:lotId/edit" element={<LotEditPage />} />
          <Route path="inscriptions" element={<InscriptionsPage />} />
          <Route path="inscriptions/new" element={<InscribePage />} />
          <Route path="inscriptions/:inscriptionId" element={<InscriptionProgressPage />} />
          <Route path="nfts" element={<NftsPage />} />
          <Route path="content" element={<ContentListPage />} />
          {CMS_PAGES.map(({ slug }) => (
            <Route key={slug} path={`content/${slug}/edit`} element={<ContentEditPage slug={slug} />} />
          ))}
          <Route path="whitelist" element={<WhitelistPage />} />
          <Route path="policies" element={<PoliciesPage />} />
          <Route path="support" element={<SupportRequestsPage />} />
          <Route path="consignments" element={<ConsignmentsPage />} />
          <Route path="consignments/:consignmentId" element={<ConsignmentDetailPage />} />
          <Route path="*" element={<AdminNotFound />} />
        </Route>
      </Route>
    </Routes>
  );
}
