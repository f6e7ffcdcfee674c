import { NFT_STATUSES } from '@gavel/domain';
import { assetUrl } from '../../lots/asset-url.ts';
import { useDocumentTitle } from '../../pages/use-document-title.ts';
import { AdminPager, LoadError, NoRows, PageHead, TableSkeleton } from '../common/states.tsx';
import { useAdminNfts, useNftStats } from './lists-api.ts';
import { useFilters } from './use-filters.ts';

/** /s/admin/nfts: minted NFTs, their owners and auction approval (page 1, 10 a page). */
export function NftsPage() {
  useDocumentTitle('NFTs');
  const { values, page, set } = useFilters(['status', 'ownerAddress'] as const);
  const list = useAdminNfts({ ...values, page });
  const stats = useNftStats();
  return (
    <section data-testid="admin-nfts">
      <PageHead title="NFTs">
        {stats.data && (
          <span className="admin-pill" data-testid="nft-stats">
            {stats.data.total} minted, {stats.data.approved} approved, {stats.data.inAuction} in auctions
          </span>
        )}
      </PageHead>
      <div className="admin-filters">
        <select value={values.status ?? ''} onChange={(e) => set('status', e.target.value)} aria-label="Status">
          <option value="">All statuses</option>
          {NFT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
        <input
          type="search"
          placeholder="Owner address"
          defaultValue={values.ownerAddress}
          aria-label="Owner address"
          onKeyDown={(e) => {
            if (e.key === 'Enter') set('ownerAddress', e.currentTarget.value.trim());
          }}
        />
      </div>
      {list.isPending ? (
        <TableSkeleton />
      ) : list.isError ? (
        <LoadError what="NFTs" onRetry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <NoRows title="No NFTs" description="No NFT matches these filters yet." />
      ) : (
        <>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th />
                  <th>Name</th>
                  <th>Token</th>
                  <th>Owner</th>
                  <th>Status</th>
                  <th>Approved for auction</th>
                </tr>
              </thead>
              <tbody>
                {list.data.data.map((nft) => (
                  <tr key={nft._id} data-testid="nft-row">
                    <td>{nft.imageUrl && <img src={assetUrl(nft.imageUrl)} alt="" width={40} height={40} style={{ objectFit: 'cover', borderRadius: 4 }} />}</td>
                    <td>
                      {nft.name}
                      {nft.stale ? ' (chain unreachable: last known values)' : ''}
                    </td>
                    <td className="mono">
                      {nft.contractAddress} #{nft.tokenId}
                    </td>
                    <td className="mono">{nft.ownerAddress}</td>
                    <td>
                      <span className="admin-pill">{nft.inAuction ? 'in auction' : nft.status}</span>
                    </td>
                    <td>{nft.isApprovedForAuction ? 'Yes' : 'No'}</td>
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
