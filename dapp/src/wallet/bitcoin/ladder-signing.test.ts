import { p2wpkh, Transaction } from '@scure/btc-signer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { walletMessages } from '@gavel/domain/wallet-rules';
import type { ConnectedWallet } from '../wallet-store.ts';
import type { LadderProgress } from '../ladder-progress.ts';
import { signBidLadder } from './ladder-signing.ts';

const REGTEST = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef };
// The generator point: a valid key for a payment address (nothing is really signed here).
const G = '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798';
const payment = p2wpkh(new Uint8Array(Buffer.from(G, 'hex')), REGTEST);
const raw = { paymentAddress: payment.address!, paymentPublicKey: G, ordinalAddress: payment.address!, ordinalPublicKey: G };
const wallet = (type: 'hiro' | 'xverse'): ConnectedWallet => ({ address: payment.address!, type, walletName: type, walletId: type, connectedAt: '', linked: true, raw });

/** A step's offer: the same coins every time (as the api builds a ladder), paying `price`. */
function stepPsbt(price: number): string {
  const tx = new Transaction();
  tx.addInput({ txid: new Uint8Array(32).fill(1), index: 0, witnessUtxo: { script: payment.script, amount: 200_000n } });
  tx.addOutput({ script: payment.script, amount: BigInt(price) });
  return Buffer.from(tx.toPSBT()).toString('hex');
}
const ladder = [10_000, 10_500, 11_000].map((price, i) => ({ bidId: `step-${i}`, amount: String(price), psbtHex: stepPsbt(price) }));
/** What a wallet "signs" here: the PSBT with a marker byte, so each signed step is told apart from its request. */
const signedHex = (psbtHex: string) => `${psbtHex}ff`;

/** What a wallet able to sign a vault's leaf hands back: the step with a leaf signature on input `index` (made up, never checked here). */
function leafSigned(psbtHex: string, index: number): string {
  const tx = Transaction.fromPSBT(new Uint8Array(Buffer.from(psbtHex, 'hex')));
  const xOnly = new Uint8Array(Buffer.from(G, 'hex')).subarray(1);
  tx.updateInput(index, { tapScriptSig: [[{ pubKey: xOnly, leafHash: new Uint8Array(32).fill(9) }, new Uint8Array(64).fill(7)]] });
  return Buffer.from(tx.toPSBT()).toString('hex');
}

/** sats-connect's legacy requests carry their payload as an unsecured JWT. */
const payloadOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));

afterEach(() => {
  delete window.LeatherProvider;
  delete (window as { XverseProviders?: unknown }).XverseProviders;
});

describe('signing a maximum’s ladder of offers', () => {
  it('Xverse signs every step in one request, told they are offers on the same coins', async () => {
    const multi = vi.fn(async (token: string) =>
      payloadOf(token).psbts.map((psbt: { psbtBase64: string }) => ({ psbtBase64: Buffer.from(signedHex(Buffer.from(psbt.psbtBase64, 'base64').toString('hex')), 'hex').toString('base64') })),
    );
    const request = vi.fn();
    (window as { XverseProviders?: unknown }).XverseProviders = { BitcoinProvider: { request, signMultipleTransactions: multi } };
    const progress: LadderProgress[] = [];

    const signed = await signBidLadder(wallet('xverse'), ladder, (now) => progress.push(now));

    expect(signed).toEqual(ladder.map((step) => ({ bidId: step.bidId, signedPsbtHex: signedHex(step.psbtHex) })));
    expect(multi).toHaveBeenCalledOnce();
    expect(request).not.toHaveBeenCalled();
    const payload = payloadOf(multi.mock.calls[0]![0]);
    expect(payload.network).toEqual({ type: 'Regtest' });
    expect(payload.message).toMatch(/only one can ever be paid/);
    expect(payload.psbts).toEqual(ladder.map((step) => ({ psbtBase64: Buffer.from(step.psbtHex, 'hex').toString('base64'), inputsToSign: [{ address: raw.paymentAddress, signingIndexes: [0] }] })));
    expect(progress).toEqual([{ kind: 'all', count: 3 }]);
  });

  it('a binding ladder (from the vault): Xverse signs the named inputs of every step with the ordinals address, in one request', async () => {
    const multi = vi.fn(async (token: string) => payloadOf(token).psbts.map((psbt: { psbtBase64: string }) => ({ psbtBase64: psbt.psbtBase64 })));
    (window as { XverseProviders?: unknown }).XverseProviders = { BitcoinProvider: { request: vi.fn(), signMultipleTransactions: multi } };
    const vaultWallet = { ...wallet('xverse'), raw: { ...raw, ordinalAddress: 'bcrt1pordinals' } };
    await signBidLadder(vaultWallet, ladder, () => {}, [1, 2]);
    expect(payloadOf(multi.mock.calls[0]![0]).psbts.map((p: { inputsToSign: unknown }) => p.inputsToSign)).toEqual(ladder.map(() => [{ address: 'bcrt1pordinals', signingIndexes: [1, 2] }]));
  });

  it('a binding ladder with Leather: each step signed at the named inputs as a vault withdrawal is', async () => {
    const request = vi.fn(async (_method: string, params: { hex: string }) => ({ jsonrpc: '2.0', id: '1', result: { hex: leafSigned(params.hex, 0) } }));
    window.LeatherProvider = { request: request as never };
    const signed = await signBidLadder(wallet('hiro'), ladder, () => {}, [0]);
    expect(signed.map((step) => step.signedPsbtHex)).toEqual(ladder.map((step) => leafSigned(step.psbtHex, 0)));
    expect(request).toHaveBeenCalledWith('signPsbt', expect.objectContaining({ hex: ladder[0]!.psbtHex, signAtIndex: [0] }));
    // A wallet that hands the steps back with no leaf signature cannot make binding bids, and is told so.
    request.mockImplementation(async (_method: string, params: { hex: string }) => ({ jsonrpc: '2.0', id: '1', result: { hex: params.hex } }));
    await expect(signBidLadder(wallet('hiro'), ladder, () => {}, [0])).rejects.toThrow(walletMessages.vaultScriptPathUnsigned);
  });

  it('Xverse turning the request down: a rejected payment, nothing signed', async () => {
    const multi = vi.fn(async () => {
      throw new Error('User rejected');
    });
    (window as { XverseProviders?: unknown }).XverseProviders = { BitcoinProvider: { request: vi.fn(), signMultipleTransactions: multi } };
    vi.spyOn(console, 'error').mockImplementation(() => {}); // sats-connect logs the refusal itself
    await expect(signBidLadder(wallet('xverse'), ladder)).rejects.toThrow(walletMessages.xversePaymentRejected);
  });

  it('Leather, with no request for several: one prompt per step, the bidder told "Step k of n" before each', async () => {
    const progress: LadderProgress[] = [];
    const asked: Array<{ hex: string; seen: LadderProgress | undefined }> = [];
    const request = vi.fn(async (_method: string, params: { hex: string }) => {
      asked.push({ hex: params.hex, seen: progress.at(-1) });
      return { jsonrpc: '2.0', id: '1', result: { hex: signedHex(params.hex) } };
    });
    window.LeatherProvider = { request: request as never };

    const signed = await signBidLadder(wallet('hiro'), ladder, (now) => progress.push(now));

    expect(signed.map((step) => step.signedPsbtHex)).toEqual(ladder.map((step) => signedHex(step.psbtHex)));
    expect(request).toHaveBeenCalledTimes(3);
    expect(request).toHaveBeenCalledWith('signPsbt', expect.objectContaining({ hex: ladder[0]!.psbtHex, allowedSighash: [1], signAtIndex: [0] }));
    // Each prompt came after the bidder was told which step it is.
    expect(asked.map((call) => call.seen)).toEqual([
      { kind: 'step', step: 1, of: 3, amount: '10000' },
      { kind: 'step', step: 2, of: 3, amount: '10500' },
      { kind: 'step', step: 3, of: 3, amount: '11000' },
    ]);
  });

  it('a refusal at a middle step stops there: "PSBT signing cancelled by user", and no later step is asked for', async () => {
    let calls = 0;
    const request = vi.fn(async (_method: string, params: { hex: string }) => {
      calls += 1;
      if (calls === 2) return Promise.reject({ jsonrpc: '2.0', id: '1', error: { code: 4001, message: 'User rejected' } });
      return { jsonrpc: '2.0', id: '1', result: { hex: signedHex(params.hex) } };
    });
    window.LeatherProvider = { request: request as never };
    await expect(signBidLadder(wallet('hiro'), ladder)).rejects.toThrow(walletMessages.psbtCancelled);
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('Xverse without a request for several is asked step by step through signPsbt', async () => {
    const methods: string[] = [];
    (window as { XverseProviders?: unknown }).XverseProviders = {
      BitcoinProvider: {
        request: async (method: string, params: { psbt: string }) => {
          methods.push(method);
          if (method === 'getInfo') return { jsonrpc: '2.0', id: '1', result: { version: '1.9.0', methods: ['signPsbt'], supports: [] } };
          return { jsonrpc: '2.0', id: '1', result: { psbt: params.psbt } };
        },
      },
    };
    const signed = await signBidLadder(wallet('xverse'), ladder);
    expect(signed.map((step) => step.signedPsbtHex)).toEqual(ladder.map((step) => step.psbtHex));
    expect(methods.filter((method) => method === 'signPsbt')).toHaveLength(3);
  });
});
