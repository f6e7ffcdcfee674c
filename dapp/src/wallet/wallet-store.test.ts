import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearWallet, headerAddress, saveWallet, useConnectedWallet, type ConnectedWallet } from './wallet-store.ts';

const wallet: ConnectedWallet = {
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  type: 'evm',
  walletName: 'Trust Wallet',
  walletId: 'trust',
  connectedAt: '2026-11-22T08:00:00.000Z',
  linked: true,
};

afterEach(() => localStorage.clear());

describe('the connected wallet store', () => {
  it('keeps the wallet in localStorage and tells every reader when it changes', () => {
    const { result } = renderHook(() => useConnectedWallet());
    expect(result.current).toBeNull();
    act(() => saveWallet(wallet));
    expect(result.current).toEqual(wallet);
    expect(JSON.parse(localStorage.getItem('gavel.wallet')!)).toEqual(wallet);
    act(() => clearWallet());
    expect(result.current).toBeNull();
  });

  it('follows another tab through the storage event, including a 401 that cleared all storage', () => {
    const { result } = renderHook(() => useConnectedWallet());
    act(() => {
      localStorage.setItem('gavel.wallet', JSON.stringify(wallet));
      window.dispatchEvent(new StorageEvent('storage', { key: 'gavel.wallet' }));
    });
    expect(result.current?.address).toBe(wallet.address);
    act(() => {
      localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    expect(result.current).toBeNull();
  });

  it('ignores a stored value it cannot read', () => {
    localStorage.setItem('gavel.wallet', '{"address":1}');
    const { result } = renderHook(() => useConnectedWallet());
    expect(result.current).toBeNull();
  });
});

describe('addresses', () => {
  it('shortens the header address to the first 6 and last 4 characters', () => {
    expect(headerAddress(wallet.address)).toBe('0x7099…79C8');
  });
});
