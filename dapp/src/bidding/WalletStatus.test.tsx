import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { messages, type Lot } from '@gavel/domain';
import { walletMessages } from '@gavel/domain/wallet-rules';
import { lotFixture } from '../test-support/lot-fixture.ts';
import { useBidWallet } from './use-bid-wallet.ts';
import { WalletStatus } from './WalletStatus.tsx';

function Status({ lot }: { lot: Lot }) {
  return <WalletStatus lot={lot} wallet={useBidWallet(lot)} />;
}

function show(lot: Lot) {
  render(
    <MemoryRouter>
      <Status lot={lot} />
    </MemoryRouter>,
  );
  return screen.getByTestId('wallet-status').textContent;
}

const connect = (type: 'hiro' | 'xverse' | 'evm', walletName: string, address: string) =>
  localStorage.setItem('gavel.wallet', JSON.stringify({ address, type, walletName, walletId: walletName.toLowerCase(), connectedAt: '', linked: true }));

// "Taproot Totem": a BTC lot marked on-chain, settled by the swap its seller co-signs.
const btcOnChain = lotFixture({ paymentMethod: 'BTC', auctionType: 'onchain', chainType: 'ONCHAIN' });
const eth = lotFixture({ paymentMethod: 'ETH', auctionType: 'onchain', unit: 'ETH', startingBid: '0.01' });

describe('the lot page wallet status', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('a BTC on-chain lot is bid from the connected Xverse or Leather wallet', () => {
    connect('xverse', 'Xverse', 'tb1qxversepaymentaddress000000000000000');
    expect(show(btcOnChain)).toBe('Xverse wallet tb1qxverse…0000000000');
    cleanup();
    connect('hiro', 'Leather', 'tb1qleatherpaymentaddress00000000000000');
    expect(show(btcOnChain)).toContain('Leather wallet');
  });

  it('says no wallet is connected, then what to do', () => {
    expect(show(btcOnChain)).toBe(`${walletMessages.noWallet} ${messages.bids.walletRequired} Connect wallet`);
    cleanup();
    expect(show(eth)).toBe(`${walletMessages.noWallet} ${walletMessages.connectEthereum} Connect wallet`);
  });

  it('names an Ethereum wallet as not supported on a BTC lot, and asks for one on an ETH lot', () => {
    connect('evm', 'MetaMask', '0x00000000000000000000000000000000000000aa');
    expect(show(btcOnChain)).toBe('MetaMask is not supported. Please use Leather or Xverse wallet for Bitcoin transactions. Connect wallet');
    expect(screen.getByTestId('wallet-connect').getAttribute('href')).not.toContain('tab=evm');
    cleanup();
    connect('hiro', 'Leather', 'tb1qleatherpaymentaddress00000000000000');
    expect(show(eth)).toBe(`${walletMessages.connectEthereum} Connect wallet`);
    expect(screen.getByTestId('wallet-connect').getAttribute('href')).toContain('tab=evm');
  });
});
