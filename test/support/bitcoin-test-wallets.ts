/**
 * Test-only Bitcoin wallets for browser tests: a fake Xverse (`window.XverseProviders.BitcoinProvider`, the
 * JSON-RPC shape sats-connect expects, `getInfo` first) and a fake Leather (`window.LeatherProvider`), both
 * answering from Node through `exposeFunction` with test keys: the payment (p2wpkh) and ordinals (p2tr)
 * addresses, real BIP-322 signatures of the ownership challenge, and real PSBT signatures (`signPsbt`: Xverse's
 * base64 with inputs by address, Leather's hex with `signAtIndex` and `allowedSighash`; Xverse also signs several
 * at once through sats-connect's `signMultipleTransactions`, whose request is an unsecured JWT), each input signed
 * by the key whose output it spends, with the sighash the PSBT names for it, or a script-path input (a vault's
 * leaf) by the taproot key the leaf names; and `sendTransfer` (both wallets), paying from the payment address's
 * coins on the Esplora given and broadcasting, as the real wallets do. Only the page's window sees them.
 */
import * as bitcoin from 'bitcoinjs-lib';
import type { Page } from 'playwright-core';
import { signBip322 } from './bip322-signer.ts';
import { networkOf, spend, testKeys, type TestKey, type WalletNetwork } from './bitcoin-wallet.ts';

/**
 * What a wallet's signPsbt does: sign `indices` with the keys that own them, with the sighash each input names,
 * else the default (ALL, or DEFAULT on taproot). Like Leather, refuse a sighash outside `allowed`.
 */
function signInputs(psbt: bitcoin.Psbt, indices: number[], keys: TestKey[], allowed?: number[]): void {
  for (const index of indices) {
    const script = psbt.data.inputs[index]?.witnessUtxo?.script;
    const key = script && keys.find((k) => Buffer.from(k.output).equals(Buffer.from(script)));
    // A script-path input (a vault's leaf): the wallet signs the leaves naming its taproot key, as Xverse and Leather do.
    const leafKey = keys.find((k) => k.type === 'p2tr' && psbt.data.inputs[index]?.tapLeafScript?.some((leaf) => Buffer.from(leaf.script).includes(Buffer.from(k.publicKey))));
    if (!key && leafKey) {
      leafKey.signScriptPath(psbt, [index]);
      continue;
    }
    if (!key) throw new Error(`input ${index} is not this wallet's`);
    const sighash = psbt.data.inputs[index]!.sighashType ?? (key.type === 'p2tr' ? bitcoin.Transaction.SIGHASH_DEFAULT : bitcoin.Transaction.SIGHASH_ALL);
    if (allowed && !allowed.includes(sighash)) throw new Error(`sighash ${sighash} of input ${index} is not allowed`);
    key.sign(psbt, [index], [sighash]);
  }
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/**
 * `refuse`: the user turns every request down (JSON-RPC error 4001), as when they close the wallet's popup;
 * `refuseSigning(true)` on the result turns down PSBT signing only, until `refuseSigning(false)`.
 */
export async function injectBitcoinWallet(page: Page, kind: 'xverse' | 'leather', network: WalletNetwork = 'testnet4', o: { refuse?: boolean; esploraUrl?: string } = {}) {
  const keys = testKeys(network);
  let refusingSigning = false;
  const byAddress = new Map([
    [keys.payment.address, keys.payment],
    [keys.ordinals.address, keys.ordinals],
  ]);
  const net = networkOf(network);
  /** sendTransfer: the wallet pays the recipients from its payment address's coins (Esplora at `esploraUrl`) and broadcasts. */
  const sendTransfer = async (recipients: Array<{ address: string; amount: number | string }>) => {
    if (!o.esploraUrl) throw new Error('sendTransfer needs the test wallet to know an Esplora (esploraUrl)');
    const utxos = (await (await fetch(`${o.esploraUrl}/address/${keys.payment.address}/utxo`)).json()) as Array<{ txid: string; vout: number; value: number }>;
    const tx = spend(
      keys.payment,
      utxos,
      recipients.map((r) => ({ address: r.address, value: Number(r.amount) })),
      1000,
    );
    const res = await fetch(`${o.esploraUrl}/tx`, { method: 'POST', body: tx.toHex() });
    if (!res.ok) throw new Error(`broadcast refused: ${await res.text()}`);
    return { txid: tx.getId() };
  };
  const answer = async (method: string, params: Record<string, any> | undefined): Promise<unknown> => {
    if (method === 'sendTransfer') return sendTransfer(params!.recipients);
    if (kind === 'xverse') {
      if (method === 'getInfo') return { version: '1.9.0', platform: 'web', methods: ['getAccounts', 'signMessage', 'signPsbt', 'sendTransfer'], supports: [] };
      if (method === 'signPsbt') {
        const psbt = bitcoin.Psbt.fromBase64(params!.psbt, { network: net });
        for (const [address, indices] of Object.entries(params!.signInputs as Record<string, number[]>)) {
          const key = byAddress.get(address);
          if (!key) throw new Error(`unknown address ${address}`);
          signInputs(psbt, indices, [key]);
        }
        return { psbt: psbt.toBase64() };
      }
      if (method === 'signMultipleTransactions') {
        const payload = JSON.parse(Buffer.from(String(params!.token).split('.')[1]!, 'base64url').toString('utf8')) as {
          psbts: Array<{ psbtBase64: string; inputsToSign: Array<{ address: string; signingIndexes: number[] }> }>;
        };
        return payload.psbts.map((request) => {
          const psbt = bitcoin.Psbt.fromBase64(request.psbtBase64, { network: net });
          for (const { address, signingIndexes } of request.inputsToSign) {
            const key = byAddress.get(address);
            if (!key) throw new Error(`unknown address ${address}`);
            signInputs(psbt, signingIndexes, [key]);
          }
          return { psbtBase64: psbt.toBase64() };
        });
      }
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
      if (method === 'signPsbt') {
        const psbt = bitcoin.Psbt.fromHex(params!.hex, { network: net });
        const indices = ([] as number[]).concat(params!.signAtIndex ?? psbt.txInputs.map((_, i) => i));
        signInputs(psbt, indices, [keys.payment, keys.ordinals], params!.allowedSighash);
        return { hex: psbt.toHex() };
      }
      if (method === 'signMessage') {
        const key = params!.paymentType === 'p2tr' ? keys.ordinals : keys.payment;
        return { signature: signBip322(key, params!.message!), address: key.address, message: params!.message };
      }
    }
    throw new Error(`method ${method} is not supported`);
  };
  const name = kind === 'xverse' ? '__gavelTestXverse' : '__gavelTestLeather';
  await page.exposeFunction(name, async (method: string, params: Record<string, any> | undefined) => {
    const signing = method === 'signPsbt' || method === 'signMultipleTransactions';
    if ((o.refuse && method !== 'getInfo') || (refusingSigning && signing)) return { jsonrpc: '2.0', id: '1', error: { code: 4001, message: 'User rejected the request.' } };
    try {
      return { jsonrpc: '2.0', id: '1', result: await answer(method, params) };
    } catch (error) {
      return { jsonrpc: '2.0', id: '1', error: { code: -32603, message: (error as Error).message } };
    }
  });
  // Strings, not functions: tsx would wrap a function's helpers in a `__name` shim the page does not have.
  await page.addInitScript(
    kind === 'xverse'
      ? // sats-connect's legacy requests resolve to the result itself and throw on a refusal.
        `window.XverseProviders = { BitcoinProvider: { request: (method, params) => window.${name}(method, params), signMultipleTransactions: async (token) => { const reply = await window.${name}('signMultipleTransactions', { token }); if (reply.error) throw new Error(reply.error.message); return reply.result; } } };`
      : `window.LeatherProvider = { request: async (method, params) => { const reply = await window.${name}(method, params); if (reply.error) throw reply; return reply; } };`,
  );
  return {
    payment: keys.payment.address,
    ordinals: keys.ordinals.address,
    keys,
    refuseSigning: (on: boolean) => {
      refusingSigning = on;
    },
  };
}
