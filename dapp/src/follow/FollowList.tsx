import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { followMessages } from '@gavel/domain';
import { EmptyState } from '../components/empty-state/EmptyState.tsx';
import { AlertIcon, GavelIcon } from '../components/icons/icons.tsx';

/** What the four lists share of a paged query: its state, a retry and the next page. */
export interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  refetch: () => Promise<unknown>;
  hasNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  isFetchingNextPage: boolean;
}

interface FollowListProps {
  query: PagedQuery;
  count: number;
  testId: string;
  /** Shown when there is nothing: what the list would hold, and a way to go and find some. */
  empty: { title: string; description: string };
  /** Rows as skeletons while the first page loads. */
  skeletons?: ReactNode;
  children: ReactNode;
}

/** A user's list: skeletons, then its rows with "Show more", or why there are none, or a retry. */
export function FollowList({ query, count, testId, empty, skeletons, children }: FollowListProps) {
  if (query.isPending) {
    return (
      <div className="follow-list" role="status" aria-busy="true" aria-label="Loading" data-testid={`${testId}-loading`}>
        {skeletons ?? [0, 1, 2].map((row) => <span key={row} className="skeleton follow-row__skeleton" />)}
      </div>
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        tone="error"
        testId={`${testId}-error`}
        icon={<AlertIcon width={26} height={26} />}
        title={followMessages.loadFailed}
        action={
          <button type="button" className="btn btn--primary" onClick={() => void query.refetch()}>
            {followMessages.retry}
          </button>
        }
      />
    );
  }
  if (count === 0) {
    return (
      <EmptyState
        testId={`${testId}-empty`}
        icon={<GavelIcon width={26} height={26} />}
        title={empty.title}
        description={empty.description}
        action={
          <Link to="/auctions" className="btn btn--primary">
            {followMessages.browseLots}
          </Link>
        }
      />
    );
  }
  return (
    <>
      {children}
      {query.hasNextPage && (
        <button type="button" className="btn btn--ghost follow-list__more" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {query.isFetchingNextPage ? 'Loading…' : 'Show more'}
        </button>
      )}
    </>
  );
}
