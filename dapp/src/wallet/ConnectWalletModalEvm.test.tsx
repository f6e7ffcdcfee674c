import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '@gavel/domain';
import { walletMessages } from '@gavel/domain/wallet-rules';
import { ConnectWalletModal } from './ConnectWalletModal.tsx';

describe('an EVM extension wallet that is not installed', () => {
  beforeAll(() => {
    // jsdom has <dialog> without its modal methods.
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true;
    };
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
      this.open = false;
    };
  });
  afterEach(cleanup);

  it.each([
    ['metaMask', 'MetaMask'],
    ['trust', 'Trust Wallet'],
  ])('%s says so, with its install page, and never starts connecting', { timeout: 30_000 }, async (id, name) => {
    // No window.ethereum here: no extension at all.
    render(<ConnectWalletModal open initialTab="evm" onClose={() => {}} onConnected={() => {}} />);
    fireEvent.click(screen.getByTestId(`wallet-option-${id}`));
    // The wallet chunk's first import under jsdom takes a while.
    const error = await screen.findByTestId('wallet-error', {}, { timeout: 20_000 });
    expect(error.textContent).toBe(fill(walletMessages.evmMissing, { wallet: name }));
    expect(error.textContent).toBe(`${name} not installed. Please install it first.`);
    const install = screen.getByTestId('wallet-error-install');
    expect(install.textContent).toBe(`Install ${name}`);
    expect(install.getAttribute('href')).toMatch(/^https:\/\//);
    expect(install.getAttribute('target')).toBe('_blank');
    expect(screen.queryByTestId('wallet-connecting')).toBeNull();
    expect((screen.getByTestId('wallet-option-walletConnect') as HTMLButtonElement).disabled).toBe(false);
  });
});
