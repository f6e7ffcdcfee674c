import type { RouteObject } from 'react-router';
import { AppLayout } from '../components/layout/AppLayout.tsx';
import { AuctionsPage } from '../pages/auctions/AuctionsPage.tsx';
import { CmsPage } from '../pages/cms/CmsPage.tsx';
import { HomePage } from '../pages/home/HomePage.tsx';
import { ComingSoonPage } from '../pages/info/ComingSoonPage.tsx';
import { NotFoundPage } from '../pages/info/NotFoundPage.tsx';
import { SellPage } from '../pages/info/SellPage.tsx';
import { SupportPage } from '../pages/info/SupportPage.tsx';
import { UnauthorizedPage } from '../pages/info/UnauthorizedPage.tsx';
import { LotDetailPage } from '../pages/lot/LotDetailPage.tsx';

/** Pages whose screens come with sign-in, profile and wallets in later issues: registered now, honestly empty. */
const comingSoon: RouteObject[] = [
  { path: 'signin', element: <ComingSoonPage layout="auth" title="Sign In" purpose="Sign in, create an account or reset your password to start bidding." /> },
  { path: 'verify-email', element: <ComingSoonPage layout="auth" title="Verify Email" purpose="Enter the 6-digit code we e-mail you to confirm your address." /> },
  { path: 'complete-setup', element: <ComingSoonPage title="Complete Setup" purpose="Finish your profile, identity check and payment method to become a bidder." /> },
  { path: 'basic-details', element: <ComingSoonPage title="Basic Details" purpose="Tell us your name, address, date of birth and phone number." /> },
  { path: 'payment-details', element: <ComingSoonPage title="Payment Details" purpose="Add the card that secures your bids." /> },
  { path: 'identity-verification', element: <ComingSoonPage title="Identity Verification" purpose="Verify your identity so you can bid." /> },
  { path: 'profile', element: <ComingSoonPage title="Profile" purpose="See your details, verification status and accepted terms." /> },
  { path: 'change-password', element: <ComingSoonPage layout="auth" title="Reset Password" purpose="Change the password of your Gavel account." /> },
  { path: 'connect-wallet', element: <ComingSoonPage title="Connect Wallet" purpose="Connect Leather or Xverse for Bitcoin lots, or an Ethereum wallet for NFT lots." /> },
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
      ...comingSoon,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
