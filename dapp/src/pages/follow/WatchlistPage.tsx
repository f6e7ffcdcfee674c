import { followMessages } from '@gavel/domain';
import { useWatchlist } from '../../api/follow.ts';
import { LotGrid } from '../../components/lot-grid/LotGrid.tsx';
import { FollowList } from '../../follow/FollowList.tsx';
import { WatchButton } from '../../follow/WatchButton.tsx';
import { useDocumentTitle } from '../use-document-title.ts';
import '../../follow/follow.css';

/** /watchlist: the lots the user put a heart on, as cards; taking the heart off removes the lot from here. */
export function WatchlistPage() {
  useDocumentTitle(followMessages.watchlistTitle);
  const lots = useWatchlist();
  return (
    <div className="page follow-page" data-testid="watchlist-page">
      <h1 className="page-title">{followMessages.watchlistTitle}</h1>
      <FollowList
        query={lots}
        count={lots.data?.length ?? 0}
        testId="watchlist"
        skeletons={<LotGrid lots={undefined} loading skeletons={4} />}
        empty={{ title: followMessages.noWatched, description: 'Tap the heart on any lot to follow it here.' }}
      >
        <LotGrid lots={lots.data} loading={false} cardAction={(lot) => <WatchButton lot={lot} />} />
      </FollowList>
    </div>
  );
}
