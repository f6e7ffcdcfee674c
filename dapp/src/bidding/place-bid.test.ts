import { p2wpkh, Transaction } from '@scure/btc-signer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@gavel/domain';
import { walletMessages } from '@gavel/domain/wallet-rules';
import { saveWallet, type ConnectedWallet } from '../wallet/wallet-store.ts';
import { bidBody, BidFinalizeError, BidSigningError, placeBid } from './place-bid.ts';
import { bidFailureBanner, bidFailureReason } from './use-place-bid.ts';

// The generator point: a valid key for a regtest payment address (nothing is signed with it).
const G = '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798';
const payment = p2wpkh(new Uint8Array(Buffer.from(G, 'hex')), { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef });
const raw = { paymentAddress: payment.address!, paymentPublicKey: G, ordinalAddress: 'bcrt1pord', ordinalPublicKey: '1'.repeat(64) };
const leather: ConnectedWallet = { address: payment.address!, type: 'hiro', walletName: 'Leather', walletId: 'leather', connectedAt: '', linked: true, raw };

describe('a Bitcoin bid', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    delete window.LeatherProvider;
  });

  it('tells the api where the inscription goes and the payment key, only for the connected Bitcoin wallet paying', () => {
    expect(bidBody({ amount: '10000', walletAddress: leather.address }, leather)).toEqual({ amount: '10000', walletAddress: leather.address, ordinalsAddress: 'bcrt1pord', paymentPublicKey: G });
    expect(bidBody({ amount: '10.00', walletAddress: 'card_payment' }, leather)).toEqual({ amount: '10.00', walletAddress: 'card_payment' });
    expect(bidBody({ amount: '10000', walletAddress: leather.address }, null)).toEqual({ amount: '10000', walletAddress: leather.address });
  });

  // Their own timeout: the wallet chunk's first import under jsdom can outlast the default 5 s on a busy machine.
  it('a wallet that does not sign: "Bid placed but failed to sign transaction. Please try again." with its reason, and nothing finalized', { timeout: 20_000 }, async () => {
    saveWallet(leather);
    window.LeatherProvider = { request: vi.fn(async () => Promise.reject({ jsonrpc: '2.0', id: '1', error: { code: 4001, message: 'User rejected' } })) };
    const tx = new Transaction();
    tx.addInput({ txid: new Uint8Array(32).fill(1), index: 0, witnessUtxo: { script: payment.script, amount: 600n } });
    tx.addOutput({ script: payment.script, amount: 500n });
    const psbtHex = Buffer.from(tx.toPSBT()).toString('hex');
    const offer = { message: 'Sign', data: { bid: { _id: 'bid-1' }, psbtHex }, auctionExtended: false, extensionMessage: null, endTime: '', minimumNextBid: '10000' };
    const fetch = vi.fn(async () => new Response(JSON.stringify(offer), { status: 201, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    const failure = await placeBid('lot-1', { amount: '10000', walletAddress: leather.address }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BidSigningError);
    expect((failure as BidSigningError).message).toBe(messages.bids.signFailed);
    expect((failure as BidSigningError).reason).toBe(walletMessages.psbtCancelled);
    expect(window.LeatherProvider!.request).toHaveBeenCalledWith('signPsbt', expect.objectContaining({ hex: psbtHex, allowedSighash: [1], signAtIndex: [0] }));
    // Only the bid call: the unsigned offer is never sent to finalize.
    expect(fetch).toHaveBeenCalledOnce();
    expect(bidFailureBanner(failure)).toBe('Bid placement failed: PSBT signing cancelled by user');
  });

  it('a signed offer that finalize does not place: "Failed to finalize bid", or the api\'s reason', { timeout: 20_000 }, async () => {
    saveWallet(leather);
    window.LeatherProvider = { request: vi.fn(async (_method: string, params: { hex: string }) => ({ jsonrpc: '2.0', id: '1', result: { hex: params.hex } })) as never };
    const tx = new Transaction();
    tx.addInput({ txid: new Uint8Array(32).fill(1), index: 0, witnessUtxo: { script: payment.script, amount: 600n } });
    tx.addOutput({ script: payment.script, amount: 500n });
    const offer = {
      message: 'Sign',
      data: { bid: { _id: 'bid-1' }, psbtHex: Buffer.from(tx.toPSBT()).toString('hex') },
      auctionExtended: false,
      extensionMessage: null,
      endTime: '',
      minimumNextBid: '10000',
    };
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    let finalizeReply = json(502, null);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url.endsWith('/finalize') ? finalizeReply : json(201, offer))),
    );

    const lost = await placeBid('lot-1', { amount: '10000', walletAddress: leather.address }).catch((error: unknown) => error);
    expect(lost).toBeInstanceOf(BidFinalizeError);
    expect(bidFailureReason(lost)).toBe(messages.bids.finalizeFailed);
    expect(bidFailureBanner(lost)).toBe('Bid placement failed: Failed to finalize bid');

    finalizeReply = json(400, { message: 'Bid must be at least 10100 sats', code: 'bid_too_low' });
    const refused = await placeBid('lot-1', { amount: '10000', walletAddress: leather.address }).catch((error: unknown) => error);
    expect(bidFailureReason(refused)).toBe('Bid must be at least 10100 sats');
    expect(bidFailureReason(new Error('network down'))).toBe('Failed to place bid');
  });
});

describe('a maximum from a Bitcoin wallet', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    delete window.LeatherProvider;
  });

  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  /** A step's offer on the wallet's coins, paying `price`. */
  const stepPsbt = (price: number) => {
    const tx = new Transaction();
    tx.addInput({ txid: new Uint8Array(32).fill(1), index: 0, witnessUtxo: { script: payment.script, amount: 200_000n } });
    tx.addOutput({ script: payment.script, amount: BigInt(price) });
    return Buffer.from(tx.toPSBT()).toString('hex');
  };
  const ladder = [10_000, 15_000, 20_000].map((price, i) => ({ bidId: `offer-${i}`, amount: String(price), psbtHex: stepPsbt(price) }));
  const ladderReply = {
    message: 'Sign',
    data: { bid: { _id: 'offer-0', status: 'pending', maximum: '20000' }, psbtHex: null, ladder },
    auctionExtended: false,
    extensionMessage: null,
    endTime: '',
    minimumNextBid: '10000',
  };
  const placed = { ...ladderReply, message: 'Bid placed successfully', data: { bid: { _id: 'bid-9', status: 'active', amount: '10000', maximum: '20000' }, psbtHex: null } };

  it('signs every step, then finalizes the ladder with all of them signed', { timeout: 20_000 }, async () => {
    saveWallet(leather);
    const signed = (hex: string) => `${hex}ff`;
    window.LeatherProvider = { request: vi.fn(async (_method: string, params: { hex: string }) => ({ jsonrpc: '2.0', id: '1', result: { hex: signed(params.hex) } })) as never };
    const fetch = vi.fn(async (url: string, _init?: RequestInit) => (url.endsWith('/finalize') ? json(201, placed) : json(201, ladderReply)));
    vi.stubGlobal('fetch', fetch);
    const watch = await import('../wallet/ladder-progress.ts');
    const seen = vi.spyOn(watch, 'showLadderProgress');

    const reply = await placeBid('lot-1', { amount: '10000', maximum: '20000', walletAddress: leather.address });

    expect(reply.data.bid).toMatchObject({ status: 'active', maximum: '20000' });
    expect(window.LeatherProvider!.request).toHaveBeenCalledTimes(3);
    const [bidCall, finalizeCall] = fetch.mock.calls;
    expect(JSON.parse(String(bidCall![1]!.body))).toMatchObject({ amount: '10000', maximum: '20000', walletAddress: leather.address });
    expect(finalizeCall![0]).toMatch(/\/auctions\/lot-1\/finalize$/);
    expect(JSON.parse(String(finalizeCall![1]!.body))).toEqual({ bidId: 'offer-0', signedSteps: ladder.map((step) => ({ bidId: step.bidId, signedPsbtHex: signed(step.psbtHex) })) });
    // The checkout told step by step, and its progress cleared once the wallet is done.
    expect(seen).toHaveBeenCalledWith({ kind: 'step', step: 2, of: 3, amount: '15000' });
    expect(seen).toHaveBeenLastCalledWith(null);
    seen.mockRestore();
  });

  it('a cancel at any step: "Bid placed but failed to sign transaction", and nothing finalized', { timeout: 20_000 }, async () => {
    saveWallet(leather);
    let prompts = 0;
    window.LeatherProvider = {
      request: vi.fn(async (_method: string, params: { hex: string }) => {
        prompts += 1;
        if (prompts === 2) return Promise.reject({ jsonrpc: '2.0', id: '1', error: { code: 4001, message: 'User rejected' } });
        return { jsonrpc: '2.0', id: '1', result: { hex: params.hex } };
      }) as never,
    };
    const fetch = vi.fn(async () => json(201, ladderReply));
    vi.stubGlobal('fetch', fetch);

    const failure = await placeBid('lot-1', { amount: '10000', maximum: '20000', walletAddress: leather.address }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(BidSigningError);
    expect((failure as BidSigningError).message).toBe(messages.bids.signFailed);
    expect((failure as BidSigningError).reason).toBe(walletMessages.psbtCancelled);
    expect(prompts).toBe(2);
    expect(fetch).toHaveBeenCalledOnce();
  });
});
