import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { CMS_PAGES } from '@gavel/domain';
import { lotQuery } from '../api/lots.ts';
import { AppLayout } from '../shell/layout/AppLayout.tsx';
import { assetUrl } from '../lots/asset-url.ts';
import { AuctionsPage } from '../pages/auctions/AuctionsPage.tsx';
import { NotFoundPage } from '../pages/info/NotFoundPage.tsx';
import { LotFirstPaint } from '../pages/lot/LotFirstPaint.tsx';
import { RequireSignIn } from '../session/RequireSignIn.tsx';

/**
 * A page whose code is fetched when its route is first visited: the first page a visitor opens (say
 * `/auctions`) then loads only its own code, not every screen's. Browse stays in the entry, as the busiest page.
 */
function lazyPage<M>(load: () => Promise<M>, render: (module: M) => ReactNode): Pick<RouteObject, 'lazy' | 'hydrateFallbackElement'> {
  return {
    lazy: async () => ({ element: render(await load()) }),
    // Opened first, the page shows the layout with an empty, busy page area while its code arrives.
    hydrateFallbackElement: <div className="page" aria-busy="true" />,
  };
}

/** How long a first visit's lot page code waits for the lot's picture at most: a huge picture must not hold up bidding. */
const PICTURE_WAIT_MS = 1_500;

/**
 * Resolves once the lot's first picture is on screen (loaded or failed), or at once when the lot has none or did not
 * load, or after PICTURE_WAIT_MS. A phone on a slow network then spends its bandwidth on the picture, the page's
 * largest paint, before the score of files of bidding and checkout code; LotFirstPaint shows the picture and title
 * meanwhile.
 */
async function lotPictureShown(queryClient: QueryClient, id: string): Promise<void> {
  const reply = await queryClient.ensureQueryData(lotQuery(id)).catch(() => null);
  const url = reply?.data.imageUrls[0];
  if (!url) return;
  await new Promise<void>((resolve) => {
    const picture = new Image();
    picture.fetchPriority = 'high';
    // One frame after it arrives, so the picture is painted before anything else is asked for.
    picture.onload = picture.onerror = () => requestAnimationFrame(() => setTimeout(resolve, 0));
    picture.src = assetUrl(url);
    setTimeout(resolve, PICTURE_WAIT_MS);
  });
}

/** Account pages: open to anyone, and the ones that need a signed-in user behind RequireSignIn. */
const account: RouteObject[] = [
  {
    path: 'signin',
    ...lazyPage(
      () => import('../pages/signin/SignInPage.tsx'),
      (m) => <m.SignInPage />,
    ),
  },
  {
    path: 'verify-email',
    ...lazyPage(
      () => import('../pages/verify-email/VerifyEmailPage.tsx'),
      (m) => <m.VerifyEmailPage />,
    ),
  },
  {
    element: <RequireSignIn />,
    children: [
      {
        path: 'complete-setup',
        ...lazyPage(
          () => import('../pages/setup/CompleteSetupPage.tsx'),
          (m) => <m.CompleteSetupPage />,
        ),
      },
      {
        path: 'basic-details',
        ...lazyPage(
          () => import('../pages/basic-details/BasicDetailsPage.tsx'),
          (m) => <m.BasicDetailsPage />,
        ),
      },
      {
        path: 'identity-verification',
        ...lazyPage(
          () => import('../pages/identity/IdentityVerificationPage.tsx'),
          (m) => <m.IdentityVerificationPage />,
        ),
      },
      {
        path: 'payment-details',
        ...lazyPage(
          () => import('../pages/payment/PaymentDetailsPage.tsx'),
          (m) => <m.PaymentDetailsPage />,
        ),
      },
      {
        path: 'profile',
        ...lazyPage(
          () => import('../pages/profile/ProfilePage.tsx'),
          (m) => <m.ProfilePage />,
        ),
      },
      {
        path: 'change-password',
        ...lazyPage(
          () => import('../pages/change-password/ChangePasswordPage.tsx'),
          (m) => <m.ChangePasswordPage />,
        ),
      },
    ],
  },
];

/** Every buyer route of the spec, in the shared layout. */
/**
 * Every route. A lot page asks for its lot as the route starts, beside its own code rather than after it: the lot
 * (and so its picture, the page's largest paint) arrives one round trip sooner on a first visit, and its first paint
 * (in the shell's code) shows the picture while the page's own code is still arriving. The loader only starts the
 * query and never waits, so navigation never blocks on it.
 */
export const appRoutes = (queryClient: QueryClient): RouteObject[] => {
  const lotFirst = ({ params }: LoaderFunctionArgs) => {
    const id = params.lotId ?? params.id;
    if (id) void queryClient.prefetchQuery(lotQuery(id));
    return null;
  };
  // Only the first address the app opens waits for the picture: on a later visit from a link, the router keeps the
  // previous page on screen until the code is there, so waiting would only hold up the visit.
  let opening = true;
  setTimeout(() => {
    opening = false;
  }, 0);
  const lotPage = (pattern: string) => () => {
    const id = opening ? matchPath(pattern, window.location.pathname)?.params.id : undefined;
    return (id ? lotPictureShown(queryClient, id) : Promise.resolve()).then(() => import('../pages/lot/LotDetailPage.tsx'));
  };
  return [
    // The admin area: its own layout and chunk, so buyer pages never load it.
    {
      path: 's/admin/*',
      ...lazyPage(
        () => import('../admin/AdminApp.tsx'),
        (m) => <m.AdminApp />,
      ),
    },
    {
      element: <AppLayout />,
      children: [
        {
          index: true,
          ...lazyPage(
            () => import('../pages/home/HomePage.tsx'),
            (m) => <m.HomePage />,
          ),
        },
        { path: 'auctions', element: <AuctionsPage /> },
        {
          path: 'auctions/:id',
          loader: lotFirst,
          ...lazyPage(lotPage('/auctions/:id'), (m) => <m.LotDetailPage />),
          hydrateFallbackElement: <LotFirstPaint />,
        },
        {
          path: 'details/:lotId',
          loader: lotFirst,
          ...lazyPage(lotPage('/details/:id'), (m) => <m.LotDetailPage />),
          hydrateFallbackElement: <LotFirstPaint />,
        },
        {
          path: 'auction-events/:slug',
          ...lazyPage(
            () => import('../pages/events/EventPage.tsx'),
            (m) => <m.EventPage />,
          ),
        },
        // /about, /privacy-policy, /terms-conditions, /conditions-of-business: what the CMS holds.
        ...CMS_PAGES.map(({ slug, name, path }) => ({
          path: path.slice(1),
          ...lazyPage(
            () => import('../pages/cms/CmsPage.tsx'),
            (m) => <m.CmsPage slug={slug} title={name} />,
          ),
        })),
        {
          path: 'sell',
          ...lazyPage(
            () => import('../pages/info/SellPage.tsx'),
            (m) => <m.SellPage />,
          ),
        },
        {
          path: 'support',
          ...lazyPage(
            () => import('../pages/info/SupportPage.tsx'),
            (m) => <m.SupportPage />,
          ),
        },
        {
          path: 'unsubscribe',
          ...lazyPage(
            () => import('../pages/unsubscribe/UnsubscribePage.tsx'),
            (m) => <m.UnsubscribePage />,
          ),
        },
        {
          path: 'unauthorized',
          ...lazyPage(
            () => import('../pages/info/UnauthorizedPage.tsx'),
            (m) => <m.UnauthorizedPage />,
          ),
        },
        ...account,
        // The cart and final checkout (the signed-in user's won and Buy Now lots), and the following pages.
        {
          element: <RequireSignIn />,
          children: [
            {
              path: 'cart',
              ...lazyPage(
                () => import('../pages/cart/CartPage.tsx'),
                (m) => <m.CartPage />,
              ),
            },
            // A won lot's invoice and a sale's statement, each with its PDF.
            {
              path: 'invoices/:id',
              ...lazyPage(
                () => import('../pages/documents/SaleDocumentPage.tsx'),
                (m) => <m.SaleDocumentPage kind="invoices" />,
              ),
            },
            {
              path: 'statements/:id',
              ...lazyPage(
                () => import('../pages/documents/SaleDocumentPage.tsx'),
                (m) => <m.SaleDocumentPage kind="statements" />,
              ),
            },
            // Following: what the user watches, bids on, won and sells.
            {
              path: 'my-bids',
              ...lazyPage(
                () => import('../pages/follow/MyBidsPage.tsx'),
                (m) => <m.MyBidsPage />,
              ),
            },
            {
              path: 'watchlist',
              ...lazyPage(
                () => import('../pages/follow/WatchlistPage.tsx'),
                (m) => <m.WatchlistPage />,
              ),
            },
            {
              path: 'won',
              ...lazyPage(
                () => import('../pages/follow/WonPage.tsx'),
                (m) => <m.WonPage />,
              ),
            },
            {
              path: 'my-sales',
              ...lazyPage(
                () => import('../pages/follow/MySalesPage.tsx'),
                (m) => <m.MySalesPage />,
              ),
            },
          ],
        },
        {
          path: 'vault-exit',
          ...lazyPage(
            () => import('../pages/info/VaultExitPage.tsx'),
            (m) => <m.VaultExitPage />,
          ),
        },
        {
          path: 'connect-wallet',
          ...lazyPage(
            () => import('../wallet/ConnectWalletPage.tsx'),
            (m) => <m.ConnectWalletPage />,
          ),
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
};
