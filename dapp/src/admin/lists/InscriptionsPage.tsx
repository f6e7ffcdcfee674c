import { Link } from 'react-router';
import { useDocumentTitle } from '../../pages/use-document-title.ts';
import { AdminPager, LoadError, NoRows, PageHead, TableSkeleton } from '../common/states.tsx';
import { useAdminInscriptions, useInscriptionStats } from './lists-api.ts';
import { useFilters } from './use-filters.ts';
import { DateTime } from '../../dates/DateTime.tsx';

/** /s/admin/inscriptions: every inscription known to the platform, by status, wallet and whether it is on sale. */
export function InscriptionsPage() {
  useDocumentTitle('Inscriptions');
  const { values, page, set } = useFilters(['status', 'walletAddress', 'hasAuction'] as const);
  const list = useAdminInscriptions({ ...values, page });
  const stats = useInscriptionStats();
  return (
    <section data-testid="admin-inscriptions">
      <PageHead title="Inscriptions">
        {stats.data && (
          <span className="admin-pill" data-testid="inscription-stats">
            {stats.data.total} in all, {stats.data.withAuction} in auctions
          </span>
        )}
        <Link className="btn btn--primary btn--small" to="/s/admin/inscriptions/new" data-testid="new-inscription">
          New inscription
        </Link>
      </PageHead>
      <div className="admin-filters">
        <select value={values.status ?? ''} onChange={(e) => set('status', e.target.value)} aria-label="Status">
          <option value="">All statuses</option>
          {Object.keys(stats.data?.byStatus ?? {}).map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
        <input
          type="search"
          placeholder="Wallet address"
          defaultValue={values.walletAddress}
          aria-label="Wallet address"
          onKeyDown={(e) => {
            if (e.key === 'Enter') set('walletAddress', e.currentTarget.value.trim());
          }}
        />
        <select value={values.hasAuction ?? ''} onChange={(e) => set('hasAuction', e.target.value)} aria-label="In an auction">
          <option value="">With or without auction</option>
          <option value="true">In an auction</option>
          <option value="false">Not in an auction</option>
        </select>
      </div>
      {list.isPending ? (
        <TableSkeleton />
      ) : list.isError ? (
        <LoadError what="inscriptions" onRetry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <NoRows title="No inscriptions" description="No inscription matches these filters yet." />
      ) : (
        <>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th>Inscription</th>
                  <th>Wallet</th>
                  <th>Status</th>
                  <th>Type</th>
                  <th>Auction</th>
                  <th>Created</th>
                </tr>
              </thead>
              <tbody>
                {list.data.data.map((item) => (
                  <tr key={item._id} data-testid="inscription-row">
                    <td className="mono">
                      {item.gatewayUrl ? (
                        <a href={item.gatewayUrl} target="_blank" rel="noreferrer">
                          {item.inscriptionId ?? item._id}
                        </a>
                      ) : item.createdHere ? (
                        <Link to={`/s/admin/inscriptions/${encodeURIComponent(item._id)}`}>{item.inscriptionId ?? 'pending'}</Link>
                      ) : (
                        (item.inscriptionId ?? 'pending')
                      )}
                    </td>
                    <td className="mono">{item.walletAddress}</td>
                    <td>
                      <span className="admin-pill">{item.status}</span>
                    </td>
                    <td>{item.contentType ?? '-'}</td>
                    <td>{item.auctionId ? <Link to={`/details/${item.auctionId}`}>View lot</Link> : '-'}</td>
                    <td>
                      <DateTime iso={item.createdAt} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <AdminPager pagination={list.data.pagination} onPage={(p) => set('page', String(p))} />
        </>
      )}
    </section>
  );
}
