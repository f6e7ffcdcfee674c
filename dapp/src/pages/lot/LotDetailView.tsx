import { Link } from 'react-router';
import type { Lot } from '@gavel/domain';
import { useLotClock } from '../../clock/use-lot-clock.ts';
import { RichText } from '../../content/RichText.tsx';
import { Countdown } from '../../components/lot-status/Countdown.tsx';
import { StatusBadge } from '../../components/lot-status/StatusBadge.tsx';
import { TypeBadge } from '../../components/lot-status/TypeBadge.tsx';
import { LotGallery } from './LotGallery.tsx';
import { LotPricing } from './LotPricing.tsx';
import { LotResults } from './LotResults.tsx';

/** The lot page's content once the lot has loaded; its status and countdown follow the lot clock. */
export function LotDetailView({ lot }: { lot: Lot }) {
  const clock = useLotClock(lot);
  const ended = clock.phase === 'ended' || clock.phase === 'cancelled';

  return (
    <div className="page lot-detail" data-testid="lot-detail">
      <nav className="lot-detail__crumbs" aria-label="Breadcrumb">
        <Link to="/auctions">Auctions</Link>
        <span aria-hidden="true">/</span>
        <Link to={`/auctions?auctionEventId=${encodeURIComponent(lot.auctionEventId)}`}>{lot.auction.title}</Link>
      </nav>
      <div className="lot-detail__layout">
        <LotGallery imageUrls={lot.imageUrls} title={lot.title} />
        <div className="lot-detail__info">
          <div className="lot-detail__meta">
            <TypeBadge lot={lot} />
            <span className="lot-detail__number">Lot {lot.lotNumber}</span>
          </div>
          <h1 className="lot-detail__title" data-testid="lot-title">{lot.title}</h1>
          <div className="lot-detail__clock">
            <StatusBadge status={clock.status} phase={clock.phase} />
            <Countdown clock={clock} endTime={lot.endTime} closedAt={lot.closedAt} />
          </div>
          {ended ? <LotResults lot={lot} /> : <LotPricing lot={lot} phase={clock.phase} />}
          {lot.auctionType === 'offchain' && (
            <p className="lot-detail__note" data-testid="lot-offchain-note">
              This is an off-chain lot: its bids are stored in Gavel's database, and payment and transfer are
              arranged manually with the winner after the auction ends.
            </p>
          )}
          <OnChainFacts lot={lot} />
        </div>
      </div>
      {lot.description && (
        <section className="lot-detail__description" aria-labelledby="lot-description-title">
          <h2 id="lot-description-title" className="lot-detail__section-title">About this lot</h2>
          <RichText html={lot.description} testId="lot-description" />
        </section>
      )}
    </div>
  );
}

/** Where the item lives on chain, for bidders who want to check it themselves. */
function OnChainFacts({ lot }: { lot: Lot }) {
  const facts = [
    lot.inscriptionId && ['Inscription', lot.inscriptionId],
    lot.contractAddress && ['Contract', lot.contractAddress],
    lot.tokenId && ['Token ID', lot.tokenId],
  ].filter((fact): fact is [string, string] => Boolean(fact));
  if (facts.length === 0) return null;
  return (
    <dl className="lot-facts lot-facts--mono">
      {facts.map(([label, value]) => (
        <div key={label}><dt>{label}</dt><dd title={value}>{value}</dd></div>
      ))}
    </dl>
  );
}
