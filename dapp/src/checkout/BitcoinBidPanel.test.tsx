import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_LADDER_STEPS } from '@gavel/domain';
import { showLadderProgress } from '../wallet/ladder-progress.ts';
import { BitcoinBidPanel, type LadderPreview, ladderOf } from './BitcoinBidPanel.tsx';

const btcLot = { paymentMethod: 'BTC', auctionType: 'offchain', unit: 'sats' } as const;

function panel(ladder: LadderPreview | null, walletBidding = false) {
  return render(<BitcoinBidPanel walletAddress="bcrt1qwallet" ladder={ladder} onWalletBid={() => {}} walletBidding={walletBidding} bidError={null} />);
}

describe('the checkout’s Bitcoin panel', () => {
  afterEach(() => {
    cleanup();
    showLadderProgress(null);
  });

  it('a maximum: as many offers as the domain gives it, at most a few; a plain bid or a maximum at the amount is one offer', () => {
    // Only the count and the ends: the api draws the steps between when it builds them, so nothing here can say them.
    expect(ladderOf(btcLot, '10000', '20000')).toEqual({ offers: 5, amount: 10_000n, maximum: 20_000n });
    expect(ladderOf(btcLot, '10000', '1000000')?.offers).toBe(MAX_LADDER_STEPS);
    expect(ladderOf(btcLot, '10000', '10200')).toEqual({ offers: 3, amount: 10_000n, maximum: 10_200n });
    expect(ladderOf(btcLot, '10000', '10000')).toBeNull();
    expect(ladderOf(btcLot, '10000', undefined)).toBeNull();
    expect(ladderOf({ ...btcLot, paymentMethod: 'Manual', unit: 'USD' }, '10.00', '20.00')).toBeNull();
  });

  it('says how many offers the wallet will ask for, that the steps between are drawn and private, and that only one can ever be paid', () => {
    panel({ offers: 3, amount: 10_000n, maximum: 20_000n });
    expect(screen.getByTestId('checkout-bitcoin-ladder').textContent).toMatch(
      /sign 3 offers: one at your amount \(10,000 sats\), one at your maximum \(20,000 sats\), and 1 at a step in between that Gavel draws at random and keeps to you, .*\. .*only one can ever be paid/,
    );
    cleanup();
    panel({ offers: 2, amount: 10_000n, maximum: 10_050n });
    expect(screen.getByTestId('checkout-bitcoin-ladder').textContent).toMatch(/sign 2 offers: one at your amount \(10,000 sats\), one at your maximum \(10,050 sats\)\. They all/);
    cleanup();
    panel(null);
    expect(screen.queryByTestId('checkout-bitcoin-ladder')).toBeNull();
    expect(screen.getByText(/Your wallet signs an offer/)).toBeTruthy();
  });

  it('while the wallet asks, tells the bidder which step it is asking for (or that it asks for all at once)', () => {
    panel({ offers: 3, amount: 10_000n, maximum: 20_000n }, true);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    act(() => showLadderProgress({ kind: 'step', step: 2, of: 3, amount: '15000' }));
    expect(status.textContent).toBe('Step 2 of 3: sign the offer of 15,000 sats in your wallet.');
    act(() => showLadderProgress({ kind: 'all', count: 3 }));
    expect(status.textContent).toBe('Your wallet asks you to sign all 3 offers at once.');
    act(() => showLadderProgress(null));
    expect(status.textContent).toBe('');
  });

  it('beside a failure, offers another way to pay (a wallet that cannot sign this offer can bid by card)', () => {
    const chosen: string[] = [];
    render(
      <BitcoinBidPanel walletAddress="bcrt1qwallet" ladder={null} onWalletBid={() => {}} walletBidding={false} bidError="Bid placement failed: no signature" onOtherWay={() => chosen.push('other')} />,
    );
    expect(screen.getByTestId('checkout-bitcoin-error').textContent).toBe('Bid placement failed: no signature');
    act(() => screen.getByRole('button', { name: 'Pay another way' }).click());
    expect(chosen).toEqual(['other']);
    cleanup();
    panel(null);
    expect(screen.queryByRole('button', { name: 'Pay another way' })).toBeNull();
  });
});
