import type { Pagination } from '@gavel/domain';
import { ArrowLeftIcon, ArrowRightIcon } from '../icons/icons.tsx';
import './pager.css';

interface PagerProps {
  pagination: Pagination;
  onPage: (page: number) => void;
}

/**
 * Previous / next paging with "Showing 21–40 of 57", fed by the api's pagination block. A large result's total is
 * an estimate ("of about 12,000"); whether a next page exists is always known exactly.
 */
export function Pager({ pagination, onPage }: PagerProps) {
  const { page, totalPages, total, totalExact, hasMore, offset, limit } = pagination;
  if (total === 0) return null;
  const first = offset + 1;
  const last = Math.min(offset + limit, total);
  const about = totalExact ? '' : 'about ';
  return (
    <nav className="pager" aria-label="Pagination" data-testid="pager">
      <p className="pager__summary" data-testid="pager-summary">
        Showing {first}–{last} of {about}
        {total.toLocaleString('en-US')} lots
      </p>
      <div className="pager__controls">
        <button type="button" className="btn btn--ghost pager__button" disabled={page <= 1} data-testid="pager-prev" onClick={() => onPage(page - 1)}>
          <ArrowLeftIcon width={18} height={18} /> Previous
        </button>
        <span className="pager__page" data-testid="pager-page" aria-current="page">
          Page {page} of {about}
          {totalPages.toLocaleString('en-US')}
        </span>
        <button type="button" className="btn btn--ghost pager__button" disabled={!hasMore} data-testid="pager-next" onClick={() => onPage(page + 1)}>
          Next <ArrowRightIcon width={18} height={18} />
        </button>
      </div>
    </nav>
  );
}
