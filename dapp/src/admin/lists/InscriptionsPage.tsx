import { Link } from 'react-router';
import { useDocumentTitle } from '../../pages/use-document-title.ts';
import { PageHead, PagedTable } from '../common/states.tsx';
import { useAdminInscriptions, useInscriptionStats } from './lists-api.ts';
import { useFilters } from './use-filters.ts';
import { DateTime } from '../../dates/DateTime.tsx';
import { FilterSearch, FilterSelect } from './filter-controls.tsx';

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
        <FilterSelect
          label="Status"
          any="All statuses"
          value={values.status}
          options={Object.keys(stats.data?.byStatus ?? {}).map((status) => [status, status] as const)}
          onChange={(v) => set('status', v)}
        />
        <FilterSearch label="Wallet address" placeholder="Wallet address" value={values.walletAddress} onSearch={(v) => set('walletAddress', v)} />
        <FilterSelect
          label="In an auction"
          any="With or without auction"
          value={values.hasAuction}
          options={[
            ['true', 'In an auction'],
            ['false', 'Not in an auction'],
          ]}
          onChange={(v) => set('hasAuction', v)}
        />
      </div>
      <PagedTable
        list={list}
        what="inscriptions"
        empty={{ title: 'No inscriptions', description: 'No inscription matches these filters yet.' }}
        onPage={(p) => set('page', String(p))}
        head={
          <>
            <th>Inscription</th>
            <th>Wallet</th>
            <th>Status</th>
            <th>Type</th>
            <th>Auction</th>
            <th>Created</th>
          </>
        }
        row={(item) => (
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
        )}
      />
    </section>
  );
}
