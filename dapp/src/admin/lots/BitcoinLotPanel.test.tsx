import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Lot } from '@gavel/domain';
import { createStore } from '../../state/store.ts';
import { OnChainLotPanel } from '../../admin-chain/OnChainLotPanel.tsx';
import { lotFixture } from '../../test-support/lot-fixture.ts';
import { BitcoinLotPanel } from './BitcoinLotPanel.tsx';

/** The two kind-specific blocks of the admin lot screen, as AdminLotDetailPage places them. */
function showPanels(lot: Lot) {
  render(
    <Provider store={createStore()}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <OnChainLotPanel lot={{ ...lot, reservePrice: null }} />
          <BitcoinLotPanel lot={lot} />
        </MemoryRouter>
      </QueryClientProvider>
    </Provider>,
  );
}

describe('the admin lot screen offers what fits the lot', () => {
  afterEach(cleanup);

  it('a BTC on-chain lot: its inscription and seller address and the co-signed swap, no contract actions', () => {
    showPanels(lotFixture({ paymentMethod: 'BTC', auctionType: 'onchain', inscriptionId: 'abc123i0', walletAddress: 'tb1pseller' }));
    expect(screen.queryByTestId('onchain-lot-panel')).toBeNull();
    expect(screen.queryByText('Mint NFT')).toBeNull();
    expect(screen.queryByText('Start on-chain auction')).toBeNull();
    expect(screen.getByTestId('bitcoin-lot-inscription').textContent).toBe('abc123i0');
    expect(screen.getByTestId('bitcoin-lot-seller').textContent).toBe('tb1pseller');
    expect(screen.getByTestId('bitcoin-lot-settlement').textContent).toContain("the seller's wallet co-signs the winning offer");
  });

  it('an ETH lot: mint, approve and start on chain, no Bitcoin block', () => {
    showPanels(lotFixture({ paymentMethod: 'ETH', auctionType: 'onchain', unit: 'ETH', startingBid: '0.01' }));
    expect(screen.getByTestId('onchain-mint').textContent).toBe('Mint NFT');
    expect(screen.getByTestId('onchain-start').textContent).toBe('Start on-chain auction');
    expect(screen.queryByTestId('bitcoin-lot-panel')).toBeNull();
  });
});
