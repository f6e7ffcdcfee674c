import { describe, expect, it } from 'vitest';
import { fill } from './messages.ts';
import { actsAsSeller, bidWalletRefusal, bitcoinWalletRefusal, sameAddress, sellerWalletAddress, walletKindFor, walletMessages } from './wallet-rules.ts';

describe('walletKindFor (Ethereum for ETH lots; a BTC lot, on-chain or not, is bid from a Bitcoin wallet)', () => {
  it.each([
    ['ETH', 'onchain', 'evm'],
    ['ETH', 'offchain', 'evm'],
    ['BTC', 'onchain', 'bitcoin'],
    ['BTC', 'offchain', 'bitcoin'],
    ['Manual', 'offchain', 'bitcoin'],
  ] as const)('%s %s lot -> %s wallet', (paymentMethod, auctionType, kind) => {
    const lot = { paymentMethod, auctionType };
    expect(walletKindFor(lot)).toBe(kind);
  });
});

describe('which connected wallet may bid on a lot', () => {
  const leather = { type: 'hiro', walletName: 'Leather' } as const;
  const xverse = { type: 'xverse', walletName: 'Xverse Wallet' } as const;
  const metaMask = { type: 'evm', walletName: 'MetaMask' } as const;

  it('a BTC lot, on-chain or not, takes Leather or Xverse, and names an Ethereum wallet as not supported', () => {
    for (const auctionType of ['onchain', 'offchain']) {
      const lot = { paymentMethod: 'BTC', auctionType };
      expect(bidWalletRefusal(lot, leather)).toBeNull();
      expect(bidWalletRefusal(lot, xverse)).toBeNull();
      expect(bidWalletRefusal(lot, metaMask)).toBe('MetaMask is not supported. Please use Leather or Xverse wallet for Bitcoin transactions.');
      expect(bidWalletRefusal(lot, null)).toBe('No wallet connected.');
    }
  });

  it('an ETH lot takes only an Ethereum wallet', () => {
    const lot = { paymentMethod: 'ETH', auctionType: 'onchain' };
    expect(bidWalletRefusal(lot, metaMask)).toBeNull();
    expect(bidWalletRefusal(lot, leather)).toBe(walletMessages.connectEthereum);
    expect(bidWalletRefusal(lot, null)).toBe(walletMessages.noWallet);
  });

  it('a Bitcoin transaction needs Leather or Xverse', () => {
    expect(bitcoinWalletRefusal(xverse)).toBeNull();
    expect(bitcoinWalletRefusal({ type: 'evm', walletName: 'Trust Wallet' })).toBe(fill(walletMessages.notBitcoin, { name: 'Trust Wallet' }));
    expect(bitcoinWalletRefusal(null)).toBe(walletMessages.noWallet);
  });
});

describe('sameAddress', () => {
  it('matches EVM addresses whatever their case (checksummed or lower case)', () => {
    expect(sameAddress('0xAbC0000000000000000000000000000000000001', '0xabc0000000000000000000000000000000000001')).toBe(true);
  });
  it('keeps Bitcoin addresses exact and treats a missing side as no match', () => {
    expect(sameAddress('tb1qexample', 'tb1qexample')).toBe(true);
    expect(sameAddress('tb1qexample', 'TB1QEXAMPLE')).toBe(false);
    expect(sameAddress(null, '0x1')).toBe(false);
    expect(sameAddress(undefined, undefined)).toBe(false);
  });
});

describe('sellerWalletAddress (the connected wallet must be the seller address, any case)', () => {
  it('finds the payment or ordinals address equal to the seller address, case-insensitively', () => {
    expect(sellerWalletAddress(['tb1qpay', 'tb1pord'], 'TB1PORD')).toBe('tb1pord');
    expect(sellerWalletAddress(['tb1qpay', undefined], 'tb1qpay')).toBe('tb1qpay');
    expect(sellerWalletAddress(['tb1qpay', 'tb1pord'], 'tb1qother')).toBeNull();
    expect(sellerWalletAddress(['tb1qpay'], null)).toBeNull();
  });
});

describe('actsAsSeller (an admin, the creator, or a linked seller address)', () => {
  const lot = { creatorId: 'creator', sellerWalletAddress: 'tb1pord' };
  it('is the creator, an admin, or the holder of a linked wallet that is the seller address', () => {
    expect(actsAsSeller({ id: 'creator', role: 'user' }, [], lot)).toBe(true);
    expect(actsAsSeller({ id: 'someone', role: 'admin' }, [], lot)).toBe(true);
    expect(actsAsSeller({ id: 'owner', role: 'user' }, ['tb1qpay', 'TB1PORD'], lot)).toBe(true);
    expect(actsAsSeller({ id: 'owner', role: 'user' }, ['tb1qpay'], lot)).toBe(false);
    expect(actsAsSeller({ id: 'owner', role: 'user' }, ['tb1pord'], { creatorId: null, sellerWalletAddress: null })).toBe(false);
  });
});
