import { Link } from 'react-router';
import type { Lot } from '@gavel/domain';
import { eventHref } from '../../lots/event-href.ts';

/** Auctions / the lot's event: the way back from a lot page. */
export function LotCrumbs({ lot }: { lot: Pick<Lot, 'auction'> }) {
  return (
    <nav className="lot-detail__crumbs" aria-label="Breadcrumb">
      <Link to="/auctions">Auctions</Link>
      <span aria-hidden="true">/</span>
      <Link to={eventHref(lot.auction)} data-testid="lot-event">
        {lot.auction.title}
      </Link>
    </nav>
  );
}
