import type { RouteObject } from 'react-router';
import { AppLayout } from '../components/layout/AppLayout.tsx';
import { AuctionsPage } from '../pages/auctions/AuctionsPage.tsx';
import { CmsPage } from '../pages/cms/CmsPage.tsx';
import { HomePage } from '../pages/home/HomePage.tsx';
import { NotFoundPage } from '../pages/info/NotFoundPage.tsx';
import { SellPage } from '../pages/info/SellPage.tsx';
import { SupportPage } from '../pages/info/SupportPage.tsx';
import { UnauthorizedPage } from '../pages/info/UnauthorizedPage.tsx';
import { LotDetailPage } from '../pages/lot/LotDetailPage.tsx';
import { BasicDetailsPage } from '../pages/basic-details/BasicDetailsPage.tsx';
import { ChangePasswordPage } from '../pages/change-password/ChangePasswordPage.tsx';
import { IdentityVerificationPage } from '../pages/identity/IdentityVerificationPage.tsx';
import { PaymentDetailsPage } from '../pages/payment/PaymentDetailsPage.tsx';
import { ProfilePage } from '../pages/profile/ProfilePage.tsx';
import { CompleteSetupPage } from '../pages/setup/CompleteSetupPage.tsx';
import { SignInPage } from '../pages/signin/SignInPage.tsx';
import { VerifyEmailPage } from '../pages/verify-email/VerifyEmailPage.tsx';
import { RequireSignIn } from '../session/RequireSignIn.tsx';
import { CartPage } from '../pages/cart/CartPage.tsx';
import { ConnectWalletPage } from '../wallet/ConnectWalletPage.tsx';

/** Account pages (issue 5): open to anyone, and the ones that need a signed-in user behind RequireSignIn. */
const account: RouteObject[] = [
  { path: 'signin', element: <SignInPage /> },
  { path: 'verify-email', element: <VerifyEmailPage /> },
  {
    element: <RequireSignIn />,
    children: [
      { path: 'complete-setup', element: <CompleteSetupPage /> },
      { path: 'basic-details', element: <BasicDetailsPage /> },
      { path: 'identity-verification', element: <IdentityVerificationPage /> },
      { path: 'payment-details', element: <PaymentDetailsPage /> },
      { path: 'profile', element: <ProfilePage /> },
      { path: 'change-password', element: <ChangePasswordPage /> },
    ],
  },
];

/** Every route of buyer-side section 2, in the shared layout. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'auctions', element: <AuctionsPage /> },
      { path: 'auctions/:id', element: <LotDetailPage /> },
      { path: 'details/:lotId', element: <LotDetailPage /> },
      { path: 'terms-conditions', element: <CmsPage slug="terms-conditions" title="Terms & Conditions" /> },
      { path: 'privacy-policy', element: <CmsPage slug="privacy-policy" title="Privacy Policy" /> },
      { path: 'about', element: <CmsPage slug="about-us" title="About" /> },
      { path: 'sell', element: <SellPage /> },
      { path: 'support', element: <SupportPage /> },
      { path: 'unauthorized', element: <UnauthorizedPage /> },
      ...account,
      // Screen 9's cart and final checkout: the signed-in user's won and Buy Now lots.
      { element: <RequireSignIn />, children: [{ path: 'cart', element: <CartPage /> }] },
      { path: 'connect-wallet', element: <ConnectWalletPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
