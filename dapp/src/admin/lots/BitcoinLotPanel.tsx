import type { AdminLot } from '@gavel/domain';

type BitcoinLot = Pick<AdminLot, 'paymentMethod' | 'auctionType' | 'inscriptionId' | 'walletAddress'>;

/**
 * The admin lot screen's Bitcoin block, for BTC lots whether marked on-chain or not: the inscription sold and the
 * seller address holding it. There is no contract to act on (that is ETH lots, OnChainLotPanel): bids are offers
 * the bidders' Leather or Xverse wallets sign, and after the close the seller's wallet co-signs the winning offer
 * in the settlement panel, one swap that pays the seller and moves the inscription to the winner.
 */
export function BitcoinLotPanel({ lot }: { lot: BitcoinLot }) {
  if (lot.paymentMethod !== 'BTC') return null;
  return (
    <div className="admin-card" data-testid="bitcoin-lot-panel">
      <h2 className="admin-card__title">Bitcoin</h2>
      <dl className="admin-dl">
        <dt>Inscription</dt>
        <dd className={lot.inscriptionId ? 'mono' : undefined} data-testid="bitcoin-lot-inscription">
          {lot.inscriptionId ?? 'None recorded'}
        </dd>
        <dt>Seller address</dt>
        <dd className={lot.walletAddress ? 'mono' : undefined} data-testid="bitcoin-lot-seller">
          {lot.walletAddress ?? 'None recorded'}
        </dd>
        <dt>Bids</dt>
        <dd>Offers signed in Leather or Xverse, or card holds</dd>
        <dt>Settlement</dt>
        <dd data-testid="bitcoin-lot-settlement">{settlementText(lot)}</dd>
      </dl>
    </div>
  );
}

function settlementText(lot: BitcoinLot): string {
  if (!lot.inscriptionId) return 'No inscription is recorded: the sale is settled by hand after the close.';
  const where = lot.auctionType === 'onchain' ? 'On chain: after' : 'After';
  return `${where} the close, the seller's wallet co-signs the winning offer in the settlement panel, one transaction that pays the seller and moves the inscription to the winner. A lot won by card is transferred by hand.`;
}
