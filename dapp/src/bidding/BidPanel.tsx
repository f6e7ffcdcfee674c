import { buyNowEndsAuctionText, CARD_PAYMENT_MARKER, messages, type Lot, type LotPhase, type User } from '@gavel/domain';
import { lazy, Suspense, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch } from '../state/store.ts';
import { confirmsAtOnce, useSavedCardLookup } from './bid-opening.ts';
import { startBidCheckout, startBuyNow, type BuyNowMode } from '../state/checkout.ts';
import { bidGatesLeft, useBidGate } from '../session/bid-gate.ts';
import { lotReturnPath } from '../session/return-path.ts';
import { lotAmount } from '../lots/lot-money.ts';
import { buyNowBlock, placeBidBlock } from './bid-terms.ts';
import { BidForm } from './BidForm.tsx';
import { GatesLeft } from './GatesLeft.tsx';
import { TermsBlock } from './TermsBlock.tsx';
import { useBidWallet } from './use-bid-wallet.ts';
import { useEthBid } from './use-eth-bid.ts';
import { walletKindFor } from '@gavel/domain/wallet-rules';
import { useTermsConsent } from './use-terms-consent.ts';
import { WalletStatus } from './WalletStatus.tsx';
import { useOnceTrue } from '../components/modal/use-once-true.ts';
import './bidding.css';

// Card bids on ETH lots are the rarer path: the modal's code is fetched when the first one starts.
const OnChainCardBidModal = lazy(() => import('./OnChainCardBidModal.tsx').then((m) => ({ default: m.OnChainCardBidModal })));

/** A card bid on an ETH lot, on its way through the on-chain card bid modal. */
interface CardBid {
  amount: string;
  maximum?: string;
}

interface BidPanelProps {
  lot: Lot;
  phase: LotPhase;
  user: User | null;
}

/**
 * The lot page's bidding block for a lot that has not ended: wallet status, the bid box (live lots only; the
 * spec hides it before the start), the terms block, and ADD TO CART / BUY NOW, each disabled exactly when
 * the spec's states and validation rules say, or while a signed-in bidder has checks to pass (listed here, with the
 * page for each). Every action first accepts the terms, then runs the bid gate (a visitor is sent to sign in and
 * back), then opens the bid or Buy Now modal (mounted by
 * the page, not here: a Buy Now ends the lot, and this block with it, while its modal still has the result to show).
 */
export function BidPanel({ lot, phase, user }: BidPanelProps) {
  const dispatch = useAppDispatch();
  const wallet = useBidWallet(lot);
  const ethBid = useEthBid(lot, wallet.wallet);
  // Only ETH lots are auctions on the auction house: a BTC lot, on-chain or not, goes through the checkout.
  const ethereum = walletKindFor(lot) === 'evm';
  const gate = useBidGate();
  const savedCard = useSavedCardLookup();
  const lotPath = useLocation().pathname;
  const consent = useTermsConsent(user);
  // A signed-in bidder with checks still to pass is told here what is left, and stays on the lot; the terms alone do not
  // block, as the terms block below accepts them with the bid.
  const left = user ? bidGatesLeft(user) : [];
  const notReady = left.some((step) => step.gate !== 'termsAccepted') ? messages.gates.notReady : null;
  const leftId = useId();
  // ETH lots take card bids too (the api's relayer places them), so no wallet is needed to press PLACE BID.
  const bidBlock = notReady ?? placeBidBlock(lot, phase, ethereum ? (wallet.address ?? CARD_PAYMENT_MARKER) : wallet.address);
  const [cardBid, setCardBid] = useState<CardBid | null>(null);
  const cardModal = useOnceTrue(ethereum && cardBid !== null);
  const buyBlock = notReady ?? buyNowBlock(lot, phase, consent.ok, wallet.address);
  const offersBuyNow = lot.buyNowEnabled && lot.buyNowPrice !== null;

  /**
   * Terms not yet accepted are accepted on the way (or the terms block says what it still needs), so the gate never
   * sends the bidder off to their profile for them. A bidder it does send off (to sign in, say) comes back to this lot
   * with `amount` in the bid box.
   */
  async function cleared(amount?: string): Promise<boolean> {
    if (!(await consent.ensureAccepted())) return false;
    return (await gate.check(lotReturnPath(lotPath, amount))) === null;
  }

  /**
   * ETH lots are bid on chain from the Ethereum wallet at once, or by card through the on-chain card bid modal
   * when no Ethereum wallet is connected, or when the bid has a maximum (a wallet's bid on chain has none: the card
   * carries it, the relayer bidding each step); the others (a BTC lot's signed offer or card) go through the
   * checkout modal, at its one confirm step when a verified saved card stands behind the bid.
   */
  async function bid(amount: string, maximum?: string) {
    if (!(await cleared(amount))) return;
    if (ethereum && wallet.wallet && maximum === undefined) ethBid.mutate(amount);
    else if (ethereum) setCardBid({ amount, ...(maximum !== undefined && { maximum }) });
    else {
      const savedCardReady = confirmsAtOnce(await savedCard(), lot, wallet.address, maximum !== undefined);
      dispatch(startBidCheckout({ lotId: lot._id, amount, ...(maximum !== undefined && { maximum }), savedCardReady }));
    }
  }

  async function buy(mode: BuyNowMode) {
    if (await cleared()) dispatch(startBuyNow({ lotId: lot._id, mode }));
  }

  return (
    <section className="lot-panel bid-panel" aria-label="Place a bid" data-testid="bid-panel">
      <WalletStatus lot={lot} wallet={wallet} />
      {phase === 'live' ? (
        <BidForm
          lot={lot}
          block={bidBlock}
          busy={ethBid.isPending}
          // Only a bidder with a wallet connected needs telling that the maximum takes the card instead.
          maximumNote={ethereum ? (wallet.wallet ? messages.bids.maximumNotOnChain : null) : undefined}
          onBid={(amount, maximum) => void bid(amount, maximum)}
        />
      ) : (
        <div className="bid-form bid-form--closed">
          <button type="button" className="btn btn--accent btn--block" disabled data-testid="place-bid">
            PLACE BID
          </button>
          <p className="field__hint" data-testid="bid-closed-reason">
            {bidBlock ?? messages.bids.notStarted}
          </p>
        </div>
      )}
      {notReady && <GatesLeft steps={left} id={leftId} />}
      <TermsBlock consent={consent} user={user} />
      {offersBuyNow && (
        <div className="bid-panel__buy">
          {/* Paying later in the cart is a USD lot's: a Bitcoin purchase is the signed offer itself. */}
          {lot.paymentMethod === 'Manual' && (
            <button
              type="button"
              className="btn btn--ghost"
              disabled={buyBlock !== null}
              data-testid="add-to-cart"
              title={buyBlock ?? undefined}
              aria-describedby="buy-now-ends"
              onClick={() => void buy('cart')}
            >
              ADD TO CART
            </button>
          )}
          <button
            type="button"
            className="btn btn--primary"
            disabled={buyBlock !== null}
            data-testid="buy-now"
            title={buyBlock ?? undefined}
            aria-describedby="buy-now-ends"
            onClick={() => void buy('pay')}
          >
            BUY NOW · {lotAmount(lot.buyNowPrice!, lot.unit)}
          </button>
          <p className="field__hint bid-panel__buy-hint" id="buy-now-ends" data-testid="buy-now-ends">
            {buyNowEndsAuctionText(lot.paymentMethod)}
          </p>
          {buyBlock && (
            <p className="field__hint bid-panel__buy-hint" data-testid="buy-now-reason">
              {buyBlock}
            </p>
          )}
        </div>
      )}
      {cardModal && (
        <Suspense fallback={null}>
          <OnChainCardBidModal lot={lot} amount={cardBid?.amount ?? null} maximum={cardBid?.maximum} onClose={() => setCardBid(null)} />
        </Suspense>
      )}
    </section>
  );
}
