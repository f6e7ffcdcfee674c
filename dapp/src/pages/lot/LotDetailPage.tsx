import { useParams } from 'react-router';
import { messages } from '@gavel/domain';
import { useLot } from '../../api/lots.ts';
import { LoadFailure } from '../../components/empty-state/LoadFailure.tsx';
import { useDocumentTitle } from '../use-document-title.ts';
import { LotDetailView } from './LotDetailView.tsx';
import { SellerSettlement } from '../../settlement/SellerSettlement.tsx';
import { WinnerClaim } from '../../settlement/WinnerClaim.tsx';
import './lot-detail.css';

/**
 * /details/:lotId (from a card) and /auctions/:id (from outbid notices): a read-only lot page, refetched every
 * 10 s. The `auction` query parameter is only context for the link back; the lot id alone identifies the lot.
 */
export function LotDetailPage() {
  const { lotId, id } = useParams();
  const lot = useLot(lotId ?? id);
  useDocumentTitle(lot.data?.title);

  if (lot.isPending) return <LotDetailSkeleton />;
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
  return (
    <>
      <SellerSettlement lot={lot.data} />
      <LotDetailView lot={lot.data} />
      <WinnerClaim lot={lot.data} />
    </>
  );
}

function LotDetailSkeleton() {
  return (
    <div className="page lot-detail" data-testid="lot-detail-loading" aria-busy="true">
      <div className="lot-detail__layout">
        <div className="lot-gallery__main skeleton" />
        <div className="lot-detail__info">
          <span className="skeleton skeleton--line" style={{ width: '30%' }} />
          <span className="skeleton skeleton--title" style={{ width: '85%', height: 32 }} />
          <span className="skeleton skeleton--line" style={{ width: '50%' }} />
          <span className="skeleton" style={{ height: 220, borderRadius: 16 }} />
        </div>
      </div>
    </div>
  );
}
