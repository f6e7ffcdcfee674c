import { Link } from 'react-router';
import { shownStatus, type AdminLot } from '@gavel/domain';
import { DateTime } from '../../dates/DateTime.tsx';
import { AdminTable } from '../common/states.tsx';

/** A table of lots, each linking to its admin detail page. */
export function LotRows({ lots }: { lots: AdminLot[] }) {
  return (
    <AdminTable
      head={
        <>
          <th>#</th>
          <th>Lot</th>
          <th>Status</th>
          <th>Price</th>
          <th>Bids</th>
          <th>Ends</th>
          <th>Settlement</th>
        </>
      }
    >
      {lots.map((lot) => (
        <tr key={lot._id} data-testid="lot-row">
          <td>{lot.lotNumber}</td>
          <td>
            <Link to={`/s/admin/auctions/${lot.auctionEventId}/lots/${lot._id}`}>{lot.title}</Link>
          </td>
          <td>
            <LotStatusPill lot={lot} />
          </td>
          <td>
            {lot.currentBid ?? lot.startingBid} {lot.unit}
          </td>
          <td>{lot.bidCount}</td>
          <td>
            <DateTime iso={lot.endTime} />
          </td>
          <td>{settlementLabel(lot)}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

export function LotStatusPill({ lot }: { lot: AdminLot }) {
  const status = lot.published ? shownStatus(lot) : 'draft';
  const tone = status === 'live' || status === 'timeStarted' ? ' admin-pill--good' : status === 'cancelled' ? ' admin-pill--bad' : status === 'upcoming' ? ' admin-pill--info' : '';
  return (
    <span className={`admin-pill${tone}`} data-testid="lot-status">
      {status}
    </span>
  );
}

function settlementLabel(lot: AdminLot): string {
  switch (lot.settlement.state) {
    case 'open':
      return '-';
    case 'no_winner':
      return 'No winner';
    case 'awaiting_payment':
      return 'Awaiting payment';
    case 'unpaid':
      return 'Unpaid';
    case 'awaiting_transfer':
      return 'Awaiting transfer';
    case 'complete':
      return 'Complete';
  }
}
