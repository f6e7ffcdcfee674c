import { lazy, Suspense, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Lot } from '@gavel/domain';
import { useLotClock } from '../../clock/use-lot-clock.ts';
import { RichText } from '../../content/RichText.tsx';
import { StatusBadge } from '../../components/lot-status/StatusBadge.tsx';
import { TypeBadge } from '../../components/lot-status/TypeBadge.tsx';
import { BidHistory } from '../../bidding/BidHistory.tsx';
import { BidPanel } from '../../bidding/BidPanel.tsx';
import { hasCostCalculator } from '../../calculator/calculator-inputs.ts';
import { useResumeBuyNow } from '../../checkout/use-resume-buy-now.ts';
import { increaseBidState } from '../../notices/increase-bid.ts';
import { OutbidBanner } from '../../notices/OutbidBanner.tsx';
import { useCurrentUser } from '../../session/use-current-user.ts';
import { WatchButton } from '../../follow/WatchButton.tsx';
import { LotActions } from './LotActions.tsx';
import { LotCheckoutModals } from './LotCheckoutModals.tsx';
import { LotCountdowns } from './LotCountdowns.tsx';
import { LotCrumbs } from './LotCrumbs.tsx';
import { LotGallery } from './LotGallery.tsx';
import { LotPricing } from './LotPricing.tsx';
import { LotResults } from './LotResults.tsx';
import { StickyBidBar } from './StickyBidBar.tsx';
import { useLiveLot } from './use-live-lot.ts';

// The calculator is a side trip most visitors never take: its code loads when it is first opened.
const CostCalculatorModal = lazy(() => import('../../calculator/CostCalculatorModal.tsx'));

/** The lot page once the lot has loaded: its status and countdowns follow the lot clock, its price the event stream. */
export function LotDetailView({ lot }: { lot: Lot }) {
  const clock = useLotClock(lot);
  const { user, signedIn } = useCurrentUser();
  const [calculator, setCalculator] = useState<'closed' | 'open' | 'loaded'>('closed');
  const navigate = useNavigate();
  const location = useLocation();
  const ended = clock.phase === 'ended' || clock.phase === 'cancelled';
  const live = clock.phase === 'live';
  const bidding = useRef<HTMLDivElement>(null);
  // An ended lot's bid history shows its final bid and winner: results, for signed-in viewers only.
  const historyShown = signedIn || clock.phase !== 'ended';
  useLiveLot(lot._id);
  useResumeBuyNow(lot._id);

  return (
    <div className={live ? 'page lot-detail lot-detail--live' : 'page lot-detail'} data-testid="lot-detail">
      <LotCrumbs lot={lot} />
      <div className="lot-detail__layout">
        <LotGallery imageUrls={lot.imageUrls} title={lot.title} />
        <div className="lot-detail__info">
          <div className="lot-detail__meta">
            <TypeBadge lot={lot} />
            <span className="lot-detail__number">Lot {lot.lotNumber}</span>
            <WatchButton lot={lot} variant="page" />
          </div>
          <h1 className="lot-detail__title" data-testid="lot-title">
            {lot.title}
          </h1>
          <div className="lot-detail__clock">
            <StatusBadge status={clock.status} phase={clock.phase} />
            <LotCountdowns lot={lot} clock={clock} />
          </div>
          {/* The bidding block, watched by the phone's sticky bid bar: the bar shows only while none of it is on screen. */}
          <div className="lot-detail__bidding" ref={bidding}>
            <OutbidBanner lotId={lot._id} onIncrease={ended ? undefined : () => void navigate(location.pathname + location.search, { replace: true, state: increaseBidState() })} />
            {ended ? (
              <LotResults lot={lot} signedIn={signedIn} />
            ) : (
              <>
                <LotPricing lot={lot} />
                <BidPanel lot={lot} phase={clock.phase} user={user} />
              </>
            )}
          </div>
          {lot.auctionType === 'offchain' && (
            <p className="lot-detail__note" data-testid="lot-offchain-note">
              This is an off-chain lot: its bids are stored in Gavel's database, and payment and transfer are arranged manually with the winner after the auction ends.
            </p>
          )}
          <LotActions title={lot.title} onCalculator={hasCostCalculator(lot) ? () => setCalculator('open') : undefined} />
          <OnChainFacts lot={lot} />
        </div>
      </div>
      {historyShown && <BidHistory lotId={lot._id} phase={clock.phase} onChain={lot.paymentMethod === 'ETH'} />}
      {lot.description && (
        <section className="lot-detail__description" aria-labelledby="lot-description-title">
          <h2 id="lot-description-title" className="lot-detail__section-title">
            About this lot
          </h2>
          <RichText html={lot.description} testId="lot-description" />
        </section>
      )}
      {live && <StickyBidBar lot={lot} bidding={bidding} />}
      <LotCheckoutModals lot={lot} />
      {calculator !== 'closed' && (
        <Suspense fallback={null}>
          <CostCalculatorModal lot={lot} open={calculator === 'open'} onClose={() => setCalculator('loaded')} />
        </Suspense>
      )}
    </div>
  );
}

/** Where the item lives on chain, for bidders who want to check it themselves. */
function OnChainFacts({ lot }: { lot: Lot }) {
  const facts = [lot.inscriptionId && ['Inscription', lot.inscriptionId], lot.contractAddress && ['Contract', lot.contractAddress], lot.tokenId && ['Token ID', lot.tokenId]].filter(
    (fact): fact is [string, string] => Boolean(fact),
  );
  if (facts.length === 0) return null;
  return (
    <dl className="lot-facts lot-facts--mono">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd title={value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
