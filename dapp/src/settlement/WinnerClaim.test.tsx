import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it } from 'vitest';
import { settlementOf, type Lot } from '@gavel/domain';
import { createStore } from '../state/store.ts';
import { lotFixture } from '../test-support/lot-fixture.ts';
import { WinnerClaim } from './WinnerClaim.tsx';

const WINNER = 'bcrt1qwinner';
const endedBtcLot = (over: Partial<Lot> = {}) =>
  lotFixture({
    status: 'ended',
    auctionType: 'offchain',
    chainType: 'OFFCHAIN',
    inscriptionId: 'abc0i0',
    winner: { name: 'Ada', firstName: 'Ada', lastName: null, walletAddress: WINNER },
    settlement: settlementOf({ status: 'ended', hasWinner: true, paid: false, transferred: false }),
    ...over,
  });
const connect = (address: string) =>
  localStorage.setItem(
    'gavel.wallet',
    JSON.stringify({
      address,
      type: 'xverse',
      walletName: 'Xverse',
      walletId: 'xverse',
      connectedAt: '',
      linked: true,
      raw: { paymentAddress: address, paymentPublicKey: '', ordinalAddress: 'bcrt1pwinner', ordinalPublicKey: '' },
    }),
  );

function show(lot: Lot) {
  render(
    <Provider store={createStore()}>
      <QueryClientProvider client={new QueryClient()}>
        <WinnerClaim lot={lot} />
      </QueryClientProvider>
    </Provider>,
  );
}

describe("the winner's claim", () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('is offered to the connected wallet that won (any case), until the lot is paid', () => {
    connect(WINNER.toUpperCase());
    show(endedBtcLot());
    expect(screen.getByTestId('winner-claim-sign')).toBeTruthy();
    cleanup();
    show(endedBtcLot({ settlement: settlementOf({ status: 'ended', hasWinner: true, paid: true, transferred: true }) }));
    expect(screen.queryByTestId('winner-claim')).toBeNull();
  });

  it('is not offered to another wallet, without a wallet, or on a lot not sold as an inscription', () => {
    show(endedBtcLot());
    expect(screen.queryByTestId('winner-claim')).toBeNull();
    connect('bcrt1qsomeoneelse');
    show(endedBtcLot());
    expect(screen.queryByTestId('winner-claim')).toBeNull();
    cleanup();
    connect(WINNER);
    show(endedBtcLot({ inscriptionId: null }));
    expect(screen.queryByTestId('winner-claim')).toBeNull();
  });
});
