import { p2tr, p2wpkh, Transaction } from '@scure/btc-signer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { walletMessages } from '@gavel/domain/wallet-rules';
import type { ConnectedWallet } from '../wallet-store.ts';
import { bidderSignRequest, leatherSignParams, sellerSignRequest, signedPsbtHex, signsScriptPath, xverseSignParams } from './psbt-request.ts';
import { bitcoinSigner, psbtFailure, signBidPsbt, signSellerPsbt } from './psbt-signing.ts';

const REGTEST = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef };
const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const bytes = (hex: string) => new Uint8Array(Buffer.from(hex, 'hex'));
// Points on the curve (G and 2G): any valid keys do for building PSBTs; nothing is signed here.
const G = bytes('0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798');
const G2 = bytes('02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5');
const bidderPayment = p2wpkh(G, REGTEST);
const bidderOrdinals = p2tr(G2.subarray(1), undefined, REGTEST);
const seller = p2tr(G.subarray(1), undefined, REGTEST);
const raw = { paymentAddress: bidderPayment.address!, paymentPublicKey: toHex(G), ordinalAddress: bidderOrdinals.address!, ordinalPublicKey: toHex(G2.subarray(1)) };
const sellerRaw = { paymentAddress: bidderPayment.address!, paymentPublicKey: toHex(G), ordinalAddress: seller.address!, ordinalPublicKey: toHex(G.subarray(1)) };

/** An offer in the dummy-input layout: [bidder dummy, seller inscription, bidder payment] (as the api builds it). */
function offerPsbt(): string {
  const tx = new Transaction();
  const input = (n: number, script: Uint8Array, amount: bigint) => ({ txid: new Uint8Array(32).fill(n), index: 0, witnessUtxo: { script, amount } });
  tx.addInput(input(1, bidderPayment.script, 600n));
  tx.addInput({ ...input(2, seller.script, 546n), sighashType: 1 });
  tx.addInput(input(3, bidderPayment.script, 200_000n));
  tx.addOutput({ script: bidderOrdinals.script, amount: 1_146n });
  tx.addOutput({ script: seller.script, amount: 10_000n });
  tx.addOutput({ script: bidderPayment.script, amount: 600n });
  return toHex(tx.toPSBT());
}

describe('what the wallet is asked to sign', () => {
  it('a vault offer handed back with no leaf signature is a wallet that cannot sign script paths; one leaf signature is a signer', () => {
    const psbtHex = offerPsbt();
    expect(signsScriptPath(psbtHex, [0, 2])).toBe(false);
    const tx = Transaction.fromPSBT(bytes(psbtHex));
    tx.updateInput(2, { tapScriptSig: [[{ pubKey: G2.subarray(1), leafHash: new Uint8Array(32).fill(9) }, new Uint8Array(64).fill(7)]] });
    expect(signsScriptPath(toHex(tx.toPSBT()), [0, 2])).toBe(true);
    expect(signsScriptPath(toHex(tx.toPSBT()), [0])).toBe(false);
  });

  it("a bidder signs the payment address's inputs (dummy and payments), SIGHASH_ALL, on the PSBT exactly as built", () => {
    const psbtHex = offerPsbt();
    const request = bidderSignRequest(psbtHex, raw);
    expect(request).toEqual({ psbtHex, inputs: [{ address: raw.paymentAddress, indices: [0, 2] }], sighash: 1 });
    expect(xverseSignParams(request)).toEqual({ psbt: Buffer.from(psbtHex, 'hex').toString('base64'), signInputs: { [raw.paymentAddress]: [0, 2] }, broadcast: false });
    expect(leatherSignParams(request)).toEqual({ hex: psbtHex, allowedSighash: [1], signAtIndex: [0, 2], network: 'testnet', broadcast: false });
  });

  it('the seller co-signs the inscription input with SIGHASH_ALL (Leather: sighash 1 only), its taproot internal key added', () => {
    const request = sellerSignRequest(offerPsbt(), [1], seller.address!, sellerRaw);
    expect(request.inputs).toEqual([{ address: seller.address, indices: [1] }]);
    expect(request.sighash).toBe(1);
    expect(leatherSignParams(request)).toMatchObject({ allowedSighash: [1], signAtIndex: [1] });
    const input = Transaction.fromPSBT(bytes(request.psbtHex)).getInput(1);
    expect(toHex(input.tapInternalKey!)).toBe(sellerRaw.ordinalPublicKey);
  });

  it('refuses a wallet that owns none of the inputs', () => {
    const other = { ...raw, paymentAddress: p2wpkh(G2, REGTEST).address!, ordinalAddress: p2wpkh(G2, REGTEST).address! };
    expect(() => bidderSignRequest(offerPsbt(), other)).toThrow(walletMessages.noAddress);
    expect(() => sellerSignRequest(offerPsbt(), [1], bidderOrdinals.address!, raw)).toThrow(walletMessages.noAddress);
  });

  it('reads either answer back as hex: Xverse base64, Leather hex', () => {
    expect(signedPsbtHex({ psbt: Buffer.from('70736274ff', 'hex').toString('base64') })).toBe('70736274ff');
    expect(signedPsbtHex({ hex: '70736274ff' })).toBe('70736274ff');
    expect(signedPsbtHex({})).toBeNull();
  });
});

describe('wallet failures in the words of the spec', () => {
  afterEach(() => {
    delete window.LeatherProvider;
    delete (window as { XverseProviders?: unknown }).XverseProviders;
  });
  const wallet = (type: ConnectedWallet['type'], over: Partial<ConnectedWallet> = {}): ConnectedWallet => ({
    address: raw.paymentAddress,
    type,
    walletName: type,
    walletId: type,
    connectedAt: '',
    linked: true,
    raw,
    ...over,
  });

  it('a refusal, a silent Xverse and a wallet error', () => {
    expect(psbtFailure('xverse', 'bidder', { code: -32000 }).message).toBe(walletMessages.xversePaymentRejected);
    expect(psbtFailure('xverse', 'seller', { code: 4001 }).message).toBe(walletMessages.psbtCancelled);
    expect(psbtFailure('hiro', 'bidder', { code: 4001, message: 'User rejected the request.' }).message).toBe(walletMessages.psbtCancelled);
    expect(psbtFailure('xverse', 'bidder', { code: -32603, message: 'internal' }).message).toBe(walletMessages.xverseNotSigned);
    expect(psbtFailure('hiro', 'seller', { code: -32603, message: 'locked' }).message).toBe('Failed to sign transaction: locked');
  });

  it('no wallet, the wrong kind, none installed, the other one installed, no addresses', () => {
    expect(() => bitcoinSigner(null)).toThrow(walletMessages.connectFirst);
    expect(() => bitcoinSigner(wallet('evm'))).toThrow(walletMessages.unsupportedType);
    expect(() => bitcoinSigner(wallet('hiro'))).toThrow(walletMessages.noBitcoinWallet);
    (window as { XverseProviders?: unknown }).XverseProviders = { BitcoinProvider: { request: vi.fn() } };
    expect(() => bitcoinSigner(wallet('hiro'))).toThrow(walletMessages.leatherMissing);
    window.LeatherProvider = { request: vi.fn() };
    delete (window as { XverseProviders?: unknown }).XverseProviders;
    expect(() => bitcoinSigner(wallet('xverse'))).toThrow(walletMessages.xverseMissing);
    expect(() => bitcoinSigner(wallet('hiro', { raw: undefined }))).toThrow(walletMessages.noAddress);
  });

  it('Leather: signPsbt with sighash 1 for a bid; its refusal is "PSBT signing cancelled by user"', async () => {
    const request = vi.fn(async (_method: string, params: { hex: string }) => ({ jsonrpc: '2.0', id: '1', result: { hex: `${params.hex}00` } }));
    window.LeatherProvider = { request: request as never };
    const psbtHex = offerPsbt();
    expect(await signBidPsbt(wallet('hiro'), psbtHex)).toBe(`${psbtHex}00`);
    expect(request).toHaveBeenCalledWith('signPsbt', { hex: psbtHex, allowedSighash: [1], signAtIndex: [0, 2], network: 'testnet', broadcast: false });
    // Leather rejects the promise with the JSON-RPC reply itself.
    window.LeatherProvider = { request: vi.fn(async () => Promise.reject({ jsonrpc: '2.0', id: '1', error: { code: 4001, message: 'User rejected' } })) };
    await expect(signSellerPsbt(wallet('hiro', { raw: sellerRaw }), psbtHex, [1], seller.address!)).rejects.toThrow(walletMessages.psbtCancelled);
  });

  it('Xverse: sats-connect signPsbt with the inputs by address; a refused bid is a rejected payment', async () => {
    const calls: Array<{ method: string; params: unknown }> = [];
    const answer = { current: (params: { psbt: string }): unknown => ({ result: { psbt: params.psbt } }) };
    (window as { XverseProviders?: unknown }).XverseProviders = {
      BitcoinProvider: {
        request: async (method: string, params: { psbt: string }) => {
          calls.push({ method, params });
          if (method === 'getInfo') return { jsonrpc: '2.0', id: '1', result: { version: '1.9.0', methods: ['signPsbt'], supports: [] } };
          return { jsonrpc: '2.0', id: '1', ...(answer.current(params) as object) };
        },
      },
    };
    const psbtHex = offerPsbt();
    expect(await signBidPsbt(wallet('xverse'), psbtHex)).toBe(psbtHex);
    expect(calls.find((c) => c.method === 'signPsbt')?.params).toEqual(xverseSignParams(bidderSignRequest(psbtHex, raw)));
    answer.current = () => ({ error: { code: -32000, message: 'User rejected' } });
    await expect(signBidPsbt(wallet('xverse'), psbtHex)).rejects.toThrow(walletMessages.xversePaymentRejected);
  });
});
