import { Link } from 'react-router';
import { CONSIGNMENT_HOLDING_TEXT, CONSIGNMENT_STATUS_TEXT, CONSIGNMENT_STATUSES, type ConsignmentStatus } from '@gavel/domain';
import { useAdminConsignments } from '../../api/consignments.ts';
import { DateTime } from '../../dates/DateTime.tsx';
import { useDocumentTitle } from '../../pages/use-document-title.ts';
import { AdminPager, AdminTable, LoadError, NoRows, PageHead, TableSkeleton } from '../common/states.tsx';
import { useFilters } from '../lists/use-filters.ts';

const PILL = { submitted: 'info', accepted: 'good', declined: 'bad' } as const;

/** /s/admin/consignments: items users offered for sale, those waiting for review first by default, newest first. */
export function ConsignmentsPage() {
  useDocumentTitle('Consignments');
  const { values, page, set } = useFilters(['status'] as const);
  const status = (values.status ?? 'submitted') as ConsignmentStatus | 'all';
  const list = useAdminConsignments(status === 'all' ? undefined : status, page);
  return (
    <section data-testid="admin-consignments">
      <PageHead title="Consignments" />
      <div className="admin-filters">
        <select value={status} onChange={(e) => set('status', e.target.value === 'submitted' ? '' : e.target.value)} aria-label="Status" data-testid="consignments-status-filter">
          {CONSIGNMENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {CONSIGNMENT_STATUS_TEXT[s]}
            </option>
          ))}
          <option value="all">All</option>
        </select>
      </div>
      {list.isPending ? (
        <TableSkeleton />
      ) : list.isError ? (
        <LoadError what="consignments" onRetry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <NoRows title={status === 'submitted' ? 'Nothing waiting for review' : 'No consignments'} description="Items users submit from the Sell page appear here." />
      ) : (
        <>
          <AdminTable
            testId="consignments-table"
            head={
              <>
                <th>Item</th>
                <th>Held as</th>
                <th>Consignor</th>
                <th>Submitted</th>
                <th>Status</th>
              </>
            }
          >
            {list.data.data.map((item) => (
              <tr key={item._id} data-testid="consignment-row">
                <td>
                  <Link to={`/s/admin/consignments/${item._id}`} data-testid="consignment-link">
                    {item.title}
                  </Link>
                </td>
                <td>{CONSIGNMENT_HOLDING_TEXT[item.holding]}</td>
                <td>{item.consignor.name ?? item.consignor.email}</td>
                <td>
                  <DateTime iso={item.createdAt} />
                </td>
                <td>
                  <span className={`admin-pill admin-pill--${PILL[item.status]}`}>{CONSIGNMENT_STATUS_TEXT[item.status]}</span>
                </td>
              </tr>
            ))}
          </AdminTable>
          <AdminPager pagination={list.data.pagination} onPage={(p) => set('page', String(p))} />
        </>
      )}
    </section>
  );
}
