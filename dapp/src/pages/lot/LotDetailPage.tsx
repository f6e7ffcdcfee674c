import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { messages, phaseOf, shownStatus } from '@gavel/domain';
import { useLot } from '../../api/lots.ts';
import { LoadFailure } from '../../components/empty-state/LoadFailure.tsx';
import { useDocumentTitle } from '../use-document-title.ts';
import { LotDetailView } from './LotDetailView.tsx';
import { LotFirstPaint } from './LotFirstPaint.tsx';
import './lot-detail.css';

// Settling concerns only an ended lot's seller and winner: the code for it is fetched once the lot has a settlement.
const SellerSettlement = lazy(() => import('../../settlement/SellerSettlement.tsx').then((m) => ({ default: m.SellerSettlement })));
const WinnerClaim = lazy(() => import('../../settlement/WinnerClaim.tsx').then((m) => ({ default: m.WinnerClaim })));

/**
 * /details/:lotId (from a card) and /auctions/:id (from outbid notices): a read-only lot page, refetched every
 * 10 s. The `auction` query parameter is only context for the link back; the lot id alone identifies the lot.
 */
export function LotDetailPage() {
  const { lotId, id } = useParams();
  const lot = useLot(lotId ?? id);
  useDocumentTitle(lot.data?.title);

  if (lot.isPending) return <LotFirstPaint />;
  if (lot.isError) {
    return (
      <LoadFailure
        error={lot.error}
        testId="lot"
        notFound={{ title: messages.browse.auctionNotFound, description: 'The lot may have been withdrawn, or the link is mistyped.' }}
        errorTitle="Failed to load this lot. Please try again."
        onRetry={() => void lot.refetch()}
      />
    );
  }
  // The seller's (and an admin's) settlement panel heads an ended lot's page: settling is what they came for. It
  // renders nothing for anyone else.
  const settling = lot.data.settlement != null && phaseOf(shownStatus(lot.data)) === 'ended';
  return (
    <>
      {settling && (
        <Suspense fallback={null}>
          <SellerSettlement lot={lot.data} />
        </Suspense>
      )}
      <LotDetailView lot={lot.data} />
      {settling && (
        <Suspense fallback={null}>
          <WinnerClaim lot={lot.data} />
        </Suspense>
      )}
    </>
  );
}
