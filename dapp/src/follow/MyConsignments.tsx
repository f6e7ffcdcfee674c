import { Link } from 'react-router';
import { CONSIGNMENT_HOLDING_TEXT, CONSIGNMENT_STATUS_TEXT, consignmentMessages, type Consignment } from '@gavel/domain';
import { useMyConsignments } from '../api/consignments.ts';
import { LotImage } from '../components/lot-card/LotImage.tsx';
import { DateTime } from '../dates/DateTime.tsx';

const TONE = { submitted: 'warn', accepted: 'good', declined: 'muted' } as const;

/**
 * My sales' list of the items the user offered from the Sell page: each one's review (in review, accepted with a
 * link to its lot, or declined with the reason the house gave).
 */
export function MyConsignments() {
  const list = useMyConsignments();
  return (
    <section aria-labelledby="my-consignments" className="follow-consignments" data-testid="my-consignments">
      <h2 id="my-consignments" className="follow-consignments__title">
        {consignmentMessages.myTitle}
      </h2>
      {list.isPending ? (
        <span className="skeleton follow-row__skeleton" aria-busy="true" />
      ) : list.isError ? (
        <p className="follow-page__none">Your submissions could not be loaded.</p>
      ) : list.data.length === 0 ? (
        <p className="follow-page__none" data-testid="my-consignments-empty">
          {consignmentMessages.noneYet} <Link to="/sell">Submit an item</Link>
        </p>
      ) : (
        <ul className="follow-list">
          {list.data.map((item) => (
            <ConsignmentRow key={item._id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ConsignmentRow({ item }: { item: Consignment }) {
  return (
    <li className="follow-row" data-testid="my-consignment" data-consignment-id={item._id}>
      <div className="follow-row__image">
        <LotImage url={item.imageUrls[0]} alt="" />
      </div>
      <div className="follow-row__body">
        <span className="follow-row__title" data-testid="my-consignment-title">
          {item.title}
        </span>
        <span className="follow-row__meta">
          {CONSIGNMENT_HOLDING_TEXT[item.holding]} · Submitted <DateTime iso={item.createdAt} />
        </span>
        {item.status === 'declined' && item.declineReason && (
          <span className="follow-row__meta" data-testid="my-consignment-reason">
            Reason: {item.declineReason}
          </span>
        )}
        {item.status === 'accepted' && item.lotId && (
          <Link to={`/details/${encodeURIComponent(item.lotId)}`} data-testid="my-consignment-lot">
            View its lot
          </Link>
        )}
      </div>
      <span className={`follow-row__tag follow-row__tag--${TONE[item.status]}`} data-testid="my-consignment-state">
        {CONSIGNMENT_STATUS_TEXT[item.status]}
      </span>
    </li>
  );
}
