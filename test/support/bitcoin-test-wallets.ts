/**
 * Test-only Bitcoin wallets for browser tests: a fake Xverse (`window.XverseProviders.BitcoinProvider`, the
 * JSON-RPC shape sats-connect expects, `getInfo` first) and a fake Leather (`window.LeatherProvider`), both
 * answering from Node through `exposeFunction` with test keys: the payment (p2wpkh) and ordinals (p2tr)
 * addresses, and real BIP-322 signatures of the ownership challenge. Only the page's window sees them.
 */
import type { Page } from 'playwright-core';
import { signBip322 } from './bip322-signer.ts';
import { testKeys, type WalletNetwork } from './bitcoin-wallet.ts';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** `refuse`: the user turns every request down (JSON-RPC error 4001), as when they close the wallet's popup. */
export async function injectBitcoinWallet(page: Page, kind: 'xverse' | 'leather', network: WalletNetwork = 'testnet4', o: { refuse?: boolean } = {}) {
  const keys = testKeys(network);
  const byAddress = new Map([[keys.payment.address, keys.payment], [keys.ordinals.address, keys.ordinals]]);
  const answer = (method: string, params: Record<string, string> | undefined): unknown => {
    if (kind === 'xverse') {
      if (method === 'getInfo') return { version: '1.9.0', platform: 'web', methods: ['getAccounts', 'signMessage'], supports: [] };
      if (method === 'getAccounts') {
        return [
          { address: keys.payment.address, publicKey: hex(keys.payment.publicKey), purpose: 'payment', addressType: 'p2wpkh', walletType: 'software' },
          { address: keys.ordinals.address, publicKey: hex(keys.ordinals.publicKey), purpose: 'ordinals', addressType: 'p2tr', walletType: 'software' },
        ];
      }
      if (method === 'signMessage') {
        const key = byAddress.get(params!.address!);
        if (!key) throw new Error(`unknown address ${params!.address}`);
        return { signature: signBip322(key, params!.message!), messageHash: '', address: key.address, protocol: 'BIP322' };
      }
    } else {
      if (method === 'getAddresses') {
        return {
          addresses: [
            { symbol: 'BTC', type: 'p2wpkh', address: keys.payment.address, publicKey: hex(keys.payment.publicKey) },
            { symbol: 'BTC', type: 'p2tr', address: keys.ordinals.address, publicKey: hex(keys.ordinals.publicKey) },
            { symbol: 'STX', address: 'ST000000000000000000002AMW42H' },
          ],
        };
      }
      if (method === 'signMessage') {
        const key = params!.paymentType === 'p2tr' ? keys.ordinals : keys.payment;
        return { signature: signBip322(key, params!.message!), address: key.address, message: params!.message };
      }
    }
    throw new Error(`method ${method} is not supported`);
  };
  const name = kind === 'xverse' ? '__gavelTestXverse' : '__gavelTestLeather';
  await page.exposeFunction(name, (method: string, params: Record<string, string> | undefined) => {
    if (o.refuse && method !== 'getInfo') return { jsonrpc: '2.0', id: '1', error: { code: 4001, message: 'User rejected the request.' } };
    try {
      return { jsonrpc: '2.0', id: '1', result: answer(method, params) };
    } catch (error) {
      return { jsonrpc: '2.0', id: '1', error: { code: -32603, message: (error as Error).message } };
    }
  });
  // Strings, not functions: tsx would wrap a function's helpers in a `__name` shim the page does not have.
  await page.addInitScript(kind === 'xverse'
    ? `window.XverseProviders = { BitcoinProvider: { request: (method, params) => window.${name}(method, params) } };`
    : `window.LeatherProvider = { request: async (method, params) => { const reply = await window.${name}(method, params); if (reply.error) throw reply; return reply; } };`);
  return { payment: keys.payment.address, ordinals: keys.ordinals.address };
}
