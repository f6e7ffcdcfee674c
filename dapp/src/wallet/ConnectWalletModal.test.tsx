import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { walletMessages } from '@gavel/domain/wallet-rules';
import { ConnectWalletModal } from './ConnectWalletModal.tsx';

type LeatherReply = { result?: unknown; error?: { code: number; message: string } };

/** A Leather extension that answers getAddresses with `reply` (a JSON-RPC error is thrown, as Leather does). */
function leatherAnswering(reply: LeatherReply) {
  window.LeatherProvider = {
    request: vi.fn(async () => {
      if (reply.error) throw { jsonrpc: '2.0', id: '1', error: reply.error };
      return { jsonrpc: '2.0', id: '1', result: reply.result };
    }) as never,
  };
}

async function connectLeather(): Promise<string | null> {
  render(<ConnectWalletModal open onClose={() => {}} onConnected={() => {}} />);
  fireEvent.click(screen.getByTestId('wallet-option-leather'));
  // The wallet chunk's first import under jsdom takes a while.
  const error = await screen.findByTestId('wallet-error', {}, { timeout: 15_000 });
  return error.textContent;
}

describe('a failed connect in the connect-wallet modal', () => {
  beforeAll(() => {
    // jsdom has <dialog> without its modal methods.
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true;
    };
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
      this.open = false;
    };
  });
  afterEach(() => {
    cleanup();
    delete window.LeatherProvider;
  });

  it('names the wallet and its reason: "Failed to connect {wallet}: {reason}"', { timeout: 30_000 }, async () => {
    leatherAnswering({ error: { code: -32603, message: 'Internal error' } });
    expect(await connectLeather()).toBe('Failed to connect Leather: Internal error');
    cleanup();
    leatherAnswering({ result: { addresses: [] } });
    expect(await connectLeather()).toBe(`Failed to connect Leather: ${walletMessages.noHiroAddresses}`);
  });

  it('a refusal in the wallet is "Connection cancelled by user", as is', { timeout: 30_000 }, async () => {
    leatherAnswering({ error: { code: 4001, message: 'User rejected the request.' } });
    expect(await connectLeather()).toBe(walletMessages.cancelled);
  });
});
