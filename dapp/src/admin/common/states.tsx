/** Loading, empty and error blocks every admin screen uses, so they look and behave the same everywhere. */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { AlertIcon } from '../../components/icons/icons.tsx';
import type { Pagination } from '@gavel/domain';

export function TableSkeleton({ rows = 6, testId = 'admin-loading' }: { rows?: number; testId?: string }) {
  return (
    <div data-testid={testId} aria-busy="true">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity but their place
        <div key={index} className="skeleton admin-skeleton-row" />
      ))}
    </div>
  );
}

export function LoadError({ what, onRetry, testId = 'admin-error' }: { what: string; onRetry: () => void; testId?: string }) {
  return (
    <EmptyState
      testId={testId}
      tone="error"
      icon={<AlertIcon width={26} height={26} />}
      title={`Failed to load ${what}.`}
      description="Check your connection and try again."
      action={
        <button type="button" className="btn btn--primary" onClick={onRetry}>
          Try again
        </button>
      }
    />
  );
}

export function NoRows({ title, description, action }: { title: string; description?: string; action?: ReactNode }) {
  return <EmptyState testId="admin-empty" title={title} description={description} action={action} />;
}

/** Previous/next paging for limit/offset or page lists; shows where the admin is in the total. */
export function AdminPager({ pagination, onPage }: { pagination: Pagination; onPage: (page: number) => void }) {
  if (pagination.total <= pagination.limit) return null;
  return (
    <nav className="admin-pager" aria-label="Pages" data-testid="admin-pager">
      <span>
        Page {pagination.page} of {pagination.totalPages} ({pagination.total})
      </span>
      <button type="button" className="btn btn--ghost btn--small" disabled={pagination.page <= 1} onClick={() => onPage(pagination.page - 1)} data-testid="admin-pager-prev">
        Previous
      </button>
      <button type="button" className="btn btn--ghost btn--small" disabled={!pagination.hasMore} onClick={() => onPage(pagination.page + 1)} data-testid="admin-pager-next">
        Next
      </button>
    </nav>
  );
}

export function PageHead({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="admin-page__head">
      <h1 className="admin-page__title" data-testid="admin-page-title">
        {title}
      </h1>
      {children}
    </div>
  );
}

/**
 * A filtered, paged admin list: its loading, error and empty states, the table and the pager. Every list has the
 * same states in the same order, so they live here once.
 */
export function PagedTable<T>({
  list,
  what,
  empty,
  head,
  row,
  onPage,
}: {
  list: UseQueryResult<{ data: T[]; pagination: Pagination }>;
  /** "inscriptions", "the whitelist": completes "Failed to load …". */
  what: string;
  empty: { title: string; description?: string };
  /** The header cells (`<th>`s). */
  head: ReactNode;
  /** One `<tr>` for one item. */
  row: (item: T) => ReactNode;
  onPage: (page: number) => void;
}) {
  if (list.isPending) return <TableSkeleton />;
  if (list.isError) return <LoadError what={what} onRetry={() => void list.refetch()} />;
  if (list.data.data.length === 0) return <NoRows title={empty.title} description={empty.description} />;
  return (
    <>
      <AdminTable head={head}>{list.data.data.map(row)}</AdminTable>
      <AdminPager pagination={list.data.pagination} onPage={onPage} />
    </>
  );
}

/** The admin table, scrolling sideways inside its card on a narrow screen. `head`: the header cells; children: the rows. */
export function AdminTable({ head, children, testId }: { head: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table" data-testid={testId}>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
