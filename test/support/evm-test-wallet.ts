/**
 * A test-only EVM wallet for browser tests: an EIP-1193 provider injected into the page before any script runs
 * (`addInitScript`), flagged as an installed Trust Wallet extension, whose requests come back to Node through
 * `exposeFunction`. There a viem local account (an anvil key) answers them: accounts and chain id, real
 * `personal_sign` signatures and real signed transactions sent to anvil; everything else is forwarded to the
 * node. Nothing of it is in the dapp's bundles: the page only sees `window.ethereum`, as with a real extension.
 */
import type { Page } from 'playwright-core';
import { createWalletClient, http, numberToHex, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { anvil } from 'viem/chains';

interface TxRequest {
  to?: Hex;
  data?: Hex;
  value?: Hex;
  gas?: Hex;
}

export async function injectEvmWallet(page: Page, o: { rpcUrl: string; privateKey: Hex }): Promise<{ address: Hex }> {
  const account = privateKeyToAccount(o.privateKey);
  const wallet = createWalletClient({ account, chain: anvil, transport: http(o.rpcUrl) });
  const forward = async (method: string, params: unknown) => {
    const response = await fetch(o.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
    });
    const reply = (await response.json()) as { result?: unknown; error?: { code: number; message: string; data?: unknown } };
    if (reply.error) throw Object.assign(new Error(reply.error.message), reply.error);
    return reply.result;
  };

  await page.exposeFunction('__gavelTestWallet', async (method: string, params: unknown[] | undefined) => {
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return [account.address];
      case 'eth_chainId':
        return numberToHex(anvil.id);
      case 'net_version':
        return String(anvil.id);
      case 'wallet_switchEthereumChain':
      case 'wallet_revokePermissions':
        return null;
      case 'wallet_requestPermissions':
      case 'wallet_getPermissions':
        return [{ parentCapability: 'eth_accounts' }];
      case 'personal_sign': {
        const [message] = params as [Hex, string];
        return account.signMessage({ message: { raw: message } });
      }
      case 'eth_sendTransaction': {
        const [tx] = params as [TxRequest];
        return wallet.sendTransaction({
          to: tx.to,
          data: tx.data,
          value: tx.value ? BigInt(tx.value) : undefined,
          gas: tx.gas ? BigInt(tx.gas) : undefined,
        });
      }
      default:
        return forward(method, params);
    }
  });

  // A string, not a function: tsx would wrap a function's helpers in a `__name` shim the page does not have.
  await page.addInitScript(`(() => {
    const listeners = {};
    window.ethereum = {
      isTrust: true,
      isTrustWallet: true,
      async request({ method, params }) {
        try {
          return await window.__gavelTestWallet(method, params);
        } catch (error) {
          const text = String(error && error.message || error);
          const failure = new Error(text.replace(/^Error: /, ''));
          failure.code = /execution reverted|revert/i.test(text) ? 3 : -32603;
          throw failure;
        }
      },
      on(event, fn) { (listeners[event] ||= []).push(fn); return this; },
      removeListener(event, fn) { listeners[event] = (listeners[event] || []).filter((f) => f !== fn); return this; },
    };
  })()`);
  return { address: account.address };
}
