import { useSearchParams } from 'react-router';
import { fill, followMessages, MY_BID_STATE_TEXT, MY_BID_STATES, phaseOf, type MyBidState } from '@gavel/domain';
import { useMyBids } from '../../api/follow.ts';
import { FollowList } from '../../follow/FollowList.tsx';
import { MyBidRow } from './MyBidRow.tsx';
import { useMyBidsLive, useMyBidsPoll } from '../../follow/use-my-bids-live.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import { MySaleDocuments } from '../../follow/MySaleDocuments.tsx';
import '../../follow/follow.css';

/** /my-bids: every lot the user bid on, by where their best bid stands, kept current by the event stream. */
export function MyBidsPage() {
  useDocumentTitle(followMessages.myBidsTitle);
  const [params, setParams] = useSearchParams();
  const filter = (MY_BID_STATES as readonly string[]).includes(params.get('state') ?? '') ? (params.get('state') as MyBidState) : null;
  const bids = useMyBids(filter, useMyBidsPoll());
  // Filtered and counted by the api, over all the user's lots: the tabs do not depend on the pages loaded.
  const shown = bids.data?.rows ?? [];
  const counts = bids.data?.counts;
  const total = counts ? MY_BID_STATES.reduce((sum, state) => sum + counts[state], 0) : 0;
  useMyBidsLive(shown.filter((entry) => !entry.lot.closedAt && (phaseOf(entry.lot.status) === 'live' || phaseOf(entry.lot.status) === 'upcoming')).map((entry) => entry.lot._id));
  // The previous filter's list while the new one loads: skeletons under tabs that stay put.
  const list = { ...bids, isPending: bids.isPending || bids.isPlaceholderData };

  return (
    <div className="page follow-page" data-testid="my-bids-page">
      <h1 className="page-title">{followMessages.myBidsTitle}</h1>
      {counts && total > 0 && (
        <fieldset className="follow-filters">
          <legend className="visually-hidden">Show bids</legend>
          <FilterButton label="All" count={total} active={filter === null} onClick={() => setParams({}, { replace: true })} />
          {MY_BID_STATES.map((state) => (
            <FilterButton key={state} label={MY_BID_STATE_TEXT[state]} count={counts[state]} active={filter === state} onClick={() => setParams({ state }, { replace: true })} />
          ))}
        </fieldset>
      )}
      <FollowList
        query={list}
        count={total}
        testId="my-bids"
        empty={{ title: followMessages.noBids, description: 'Lots you bid on appear here, leading, outbid, won or lost, whichever way you paid.' }}
      >
        {shown.length === 0 ? (
          <p className="follow-page__none" data-testid="my-bids-none">
            {fill(followMessages.noBidsInState, { state: MY_BID_STATE_TEXT[filter ?? 'leading'].toLowerCase() })}
          </p>
        ) : (
          <ul className="follow-list">
            {shown.map((entry) => (
              <MyBidRow key={entry.lot._id} entry={entry} />
            ))}
          </ul>
        )}
      </FollowList>
      <MySaleDocuments kind="invoices" />
    </div>
  );
}

function FilterButton({ label, count, active, onClick }: { label: string; count: number; active: boolean; onClick: () => void }) {
  return (
    <button type="button" className="follow-filters__button" aria-pressed={active} onClick={onClick} data-testid={`my-bids-filter-${label.toLowerCase()}`}>
      {label} <span className="follow-filters__count">{count}</span>
    </button>
  );
}
