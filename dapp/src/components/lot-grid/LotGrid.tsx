import type { ReactNode } from 'react';
import type { Lot } from '@gavel/domain';
import { LotCard } from '../lot-card/LotCard.tsx';
import { LotCardSkeleton } from '../lot-card/LotCardSkeleton.tsx';
import './lot-grid.css';

/** The spec's loading state: six skeleton cards. */
export const SKELETON_COUNT = 6;
/** The cards in view on arrival (one column on a phone, up to four on a desktop): their pictures load at once. */
const FIRST_IN_VIEW = 4;

interface LotGridProps {
  lots: Lot[] | undefined;
  loading: boolean;
  /** Shown instead of the grid when loading failed or there is nothing to show. */
  fallback?: ReactNode;
  /** Dims the cards while a newer page replaces them. */
  refreshing?: boolean;
  /** Fewer skeletons for a short preview (the home page shows 4 lots). */
  skeletons?: number;
  /** What each card carries in its corner (the watchlist heart): the grid itself knows lots, not accounts. */
  cardAction?: (lot: Lot) => ReactNode;
}

/** Lots in 1 to 4 columns by width, each with its `cardAction`, skeletons while loading. */
export function LotGrid({ lots, loading, fallback, refreshing = false, skeletons = SKELETON_COUNT, cardAction }: LotGridProps) {
  if (loading) {
    return (
      <div className="lot-grid" data-testid="lot-grid-loading" role="status" aria-busy="true" aria-label="Loading lots">
        {Array.from({ length: skeletons }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity but their place
          <LotCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (fallback || !lots) return <>{fallback}</>;
  return (
    <div className={`lot-grid${refreshing ? ' lot-grid--refreshing' : ''}`} data-testid="lot-grid" aria-busy={refreshing}>
      {lots.map((lot, index) => (
        <LotCard key={lot._id} lot={lot} action={cardAction?.(lot)} eagerImage={index < FIRST_IN_VIEW} />
      ))}
    </div>
  );
}
