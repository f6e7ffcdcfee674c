import { NFT_STATUSES } from '@gavel/domain';
import { assetUrl } from '../../lots/asset-url.ts';
import { useDocumentTitle } from '../../pages/use-document-title.ts';
import { PageHead, PagedTable } from '../common/states.tsx';
import { useAdminNfts, useNftStats } from './lists-api.ts';
import { useFilters } from './use-filters.ts';
import { FilterSearch, FilterSelect } from './filter-controls.tsx';

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
        <FilterSelect label="Status" any="All statuses" value={values.status} options={NFT_STATUSES.map((status) => [status, status] as const)} onChange={(v) => set('status', v)} />
        <FilterSearch label="Owner address" placeholder="Owner address" value={values.ownerAddress} onSearch={(v) => set('ownerAddress', v)} />
      </div>
      <PagedTable
        list={list}
        what="NFTs"
        empty={{ title: 'No NFTs', description: 'No NFT matches these filters yet.' }}
        onPage={(p) => set('page', String(p))}
        head={
          <>
            <th />
            <th>Name</th>
            <th>Token</th>
            <th>Owner</th>
            <th>Status</th>
            <th>Approved for auction</th>
          </>
        }
        row={(nft) => (
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
        )}
      />
    </section>
  );
}
