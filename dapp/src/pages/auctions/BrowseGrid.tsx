import { useState } from 'react';
import { messages } from '@gavel/domain';
import { useLotList } from '../../api/lots.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { AlertIcon, GavelIcon } from '../../components/icons/icons.tsx';
import { LotGrid } from '../../components/lot-grid/LotGrid.tsx';
import { Pager } from '../../components/lot-grid/Pager.tsx';
import { WatchButton } from '../../follow/WatchButton.tsx';
import { SORT_CHOICES, useBrowseParams } from './browse-params.ts';
import { GridFilters } from './GridFilters.tsx';

/**
 * The lot grid with its filters, order and paging in the URL: all lots on /auctions, one event's lots on its page
 * (`eventId`, which the URL's own event filter cannot widen).
 */
export function BrowseGrid({ eventId }: { eventId?: string }) {
  const [params, update] = useBrowseParams();
  const { page, sort, ...filters } = params;
  const query = { ...filters, ...(eventId ? { auctionEventId: eventId } : {}), ...SORT_CHOICES[sort].query };
  // Next reads the following page from where the shown one ends (the api's `after`), so a page deep in a large
  // result costs what the first does; a page reached any other way (a link, Previous) is read by offset.
  const [start, setStart] = useState<{ query: string; page: number; after: string } | null>(null);
  const queryKey = JSON.stringify(query);
  const after = start?.query === queryKey && start.page === page ? start.after : undefined;
  const list = useLotList({ ...query, page, after });
  const filtered = Boolean(filters.search || filters.status || filters.paymentMethod || filters.auctionEventId);

  function goToPage(next: number) {
    const following = list.isPlaceholderData ? null : list.data?.pagination.next;
    setStart(next === page + 1 && following ? { query: queryKey, page: next, after: following } : null);
    update({ page: next });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  let fallback = null;
  if (list.isError && !list.data) {
    fallback = (
      <EmptyState
        tone="error"
        testId="grid-error"
        icon={<AlertIcon width={26} height={26} />}
        title={messages.browse.loadFailed}
        action={
          <button type="button" className="btn btn--primary" data-testid="grid-retry" disabled={list.isFetching} onClick={() => void list.refetch()}>
            Try again
          </button>
        }
      />
    );
  } else if (list.data && list.data.data.length === 0) {
    fallback = (
      <EmptyState
        icon={<GavelIcon width={26} height={26} />}
        title={messages.browse.emptyTitle}
        description={filtered ? 'No lots match these filters. Try another search or clear the filters.' : messages.browse.emptyText}
        action={
          filtered && (
            <button
              type="button"
              className="btn btn--ghost"
              data-testid="clear-filters"
              onClick={() => update({ search: undefined, status: undefined, paymentMethod: undefined, auctionEventId: undefined })}
            >
              Clear filters
            </button>
          )
        }
      />
    );
  }

  return (
    <>
      <GridFilters params={params} onChange={update} />
      <h2 className="visually-hidden">{messages.browse.lotsHeading}</h2>
      <LotGrid lots={list.data?.data} loading={list.isPending} fallback={fallback} refreshing={list.isPlaceholderData} cardAction={(lot) => <WatchButton lot={lot} />} />
      {list.data && <Pager pagination={list.data.pagination} onPage={goToPage} />}
    </>
  );
}
