import { lazy, Suspense } from 'react';
import type { Lot } from '@gavel/domain';
import { useAppSelector } from '../../state/store.ts';
import { useOnceTrue } from '../../components/modal/use-once-true.ts';

// The checkout's steps, card forms and their rules are most of the lot page's code, and most visitors only look: the
// code of each modal is fetched the first time it opens.
const BidCheckoutModal = lazy(() => import('../../checkout/BidCheckoutModal.tsx').then((m) => ({ default: m.BidCheckoutModal })));
const BuyNowModal = lazy(() => import('../../checkout/BuyNowModal.tsx').then((m) => ({ default: m.BuyNowModal })));

/**
 * The bid and Buy Now modals of `lot`. Mounted by the page rather than the bid block: a purchase ends the lot, and
 * the bid block with it, while its modal still has the result to show.
 */
export function LotCheckoutModals({ lot }: { lot: Lot }) {
  const bid = useOnceTrue(useAppSelector((state) => state.checkout.bid?.lotId === lot._id));
  const buyNow = useOnceTrue(useAppSelector((state) => state.checkout.buyNow?.lotId === lot._id));
  return (
    <Suspense fallback={null}>
      {bid && <BidCheckoutModal lot={lot} />}
      {buyNow && <BuyNowModal lot={lot} />}
    </Suspense>
  );
}
