import { p2tr, p2wpkh, Transaction } from '@scure/btc-signer';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { psbtMessages, settlementOf, settlementMessages, type SettlementRecord } from '@gavel/domain';
import { walletMessages } from '@gavel/domain/wallet-rules';
import { createStore } from '../state/store.ts';
import { ToastHost } from '../components/toast/ToastHost.tsx';
import { SettlementPanel } from './SettlementPanel.tsx';
import type { SettlementLot } from './settlement-lot.ts';

function lot(facts: { hasWinner: boolean; paid?: boolean; transferred?: boolean }, over: Partial<SettlementLot> = {}): SettlementLot {
  return {
    _id: 'lot-1',
    title: 'Brass carriage clock',
    lotNumber: 7,
    auctionType: 'offchain',
    paymentMethod: 'Manual',
    inscriptionId: null,
    walletAddress: null,
    unit: 'USD',
    soldPrice: '25.00',
    txHash: null,
    transferTransactionHash: null,
    winner: facts.hasWinner ? { name: 'Ada Lovelace', firstName: 'Ada', lastName: 'Lovelace', walletAddress: null } : null,
    settlement: settlementOf({ status: 'ended', hasWinner: facts.hasWinner, paid: facts.paid ?? false, transferred: facts.transferred ?? false }),
    ...over,
  };
}

function show(value: SettlementLot, isAdmin = false) {
  render(
    <Provider store={createStore()}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <SettlementPanel lot={value} isAdmin={isAdmin} />
          <ToastHost />
        </MemoryRouter>
      </QueryClientProvider>
    </Provider>,
  );
}

const replyWith = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const NO_RECORD: SettlementRecord = { paidBy: null, transferredBy: null, shipTo: null, canMessageWinner: true };
/** The settlement record at GET /auctions/:id/settlement, `reply` for every settlement step. */
const settlementApi = (status: number, body: unknown, record: SettlementRecord = NO_RECORD) =>
  vi.fn(async (url: string, init?: RequestInit) => (url.endsWith('/settlement') && (init?.method ?? 'GET') === 'GET' ? json(200, { data: record }) : json(status, body)));
/** The body of the one call to `action` (verify-payment, mark-paid, transfer, message-winner). */
const sentTo = (fetch: ReturnType<typeof settlementApi>, action: string) => {
  const calls = (fetch.mock.calls as unknown as Array<[string, RequestInit]>).filter(([url]) => url.endsWith(`/${action}`));
  return calls.map(([, init]) => JSON.parse(String(init.body)));
};

describe('settlement panel', () => {
  beforeAll(() => {
    // jsdom has <dialog> without its modal methods: the confirmations open in one.
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true;
    };
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
      this.open = false;
    };
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('says there is nothing to settle when the lot had no winner', () => {
    show(lot({ hasWinner: false }));
    expect(screen.getByTestId('settlement-no-winner').textContent).toBe(settlementMessages.noWinner);
    expect(screen.queryByTestId('payment-status')).toBeNull();
  });

  it('tells the seller of a BTC lot won by card that the winner has yet to link a Bitcoin wallet', () => {
    show(lot({ hasWinner: true, paid: true }, { paymentMethod: 'BTC', unit: 'sats', soldPrice: '25000' }));
    expect(screen.getByTestId('settlement-awaiting-wallet').textContent?.trim()).toBe(settlementMessages.awaitingWinnerWallet);
    cleanup();
    const linked = lot({ hasWinner: true, paid: true }, { paymentMethod: 'BTC', unit: 'sats', soldPrice: '25000' });
    show({ ...linked, winner: { ...linked.winner!, walletAddress: 'tb1pwinner' } });
    expect(screen.getByTestId('settlement-winner').textContent).toContain('tb1pwinner');
    expect(screen.queryByTestId('settlement-awaiting-wallet')).toBeNull();
  });

  it('offers the seller Verify Payment and the admin Mark as Paid', () => {
    show(lot({ hasWinner: true }));
    expect(screen.getByTestId('payment-status-value').textContent).toBe('Awaiting payment');
    expect(screen.getByTestId('transfer-status-value').textContent).toBe('Not transferred');
    expect(screen.getByTestId('verify-payment').textContent).toBe('Verify Payment');
    expect(screen.queryByTestId('mark-paid')).toBeNull();
    cleanup();
    show(lot({ hasWinner: true }), true);
    expect(screen.getByTestId('mark-paid').textContent).toBe('Mark as Paid');
  });

  it('Verify Payment asks first: the lot, the amount owed and the payment reference, and sends nothing until confirmed', async () => {
    const fetch = settlementApi(200, { message: settlementMessages.paymentVerified });
    vi.stubGlobal('fetch', fetch);
    show(lot({ hasWinner: true }));
    fireEvent.click(screen.getByTestId('verify-payment'));
    expect(screen.getByTestId('confirm-payment-lot').textContent).toBe('Lot 7: Brass carriage clock');
    expect(screen.getByTestId('confirm-payment-amount').textContent).toBe('25.00 USD');
    expect(screen.getByTestId('confirm-payment').textContent).toContain('cannot be undone');
    fireEvent.click(screen.getByTestId('confirm-payment-cancel'));
    expect(sentTo(fetch, 'verify-payment')).toEqual([]);

    fireEvent.click(screen.getByTestId('verify-payment'));
    fireEvent.change(screen.getByTestId('payment-reference'), { target: { value: ' BANK20261129 ' } });
    fireEvent.click(screen.getByTestId('confirm-payment-submit'));
    await waitFor(() => expect(screen.getByTestId('toast-title').textContent).toBe(settlementMessages.paymentVerified));
    expect(sentTo(fetch, 'verify-payment')).toEqual([{ txHash: 'BANK20261129' }]);
  });

  it('asks an admin for the payment hash of an on-chain lot, not of an off-chain one', async () => {
    const fetch = settlementApi(200, { message: 'Auction marked as paid' });
    vi.stubGlobal('fetch', fetch);
    show(lot({ hasWinner: true }, { auctionType: 'onchain' }), true);
    fireEvent.click(screen.getByTestId('mark-paid'));
    fireEvent.click(screen.getByTestId('confirm-payment-submit'));
    expect(screen.getByTestId('payment-reference-error').textContent).toBe(settlementMessages.txHashRequired);
    expect(sentTo(fetch, 'mark-paid')).toEqual([]);
    cleanup();
    show(lot({ hasWinner: true }), true);
    fireEvent.click(screen.getByTestId('mark-paid'));
    fireEvent.click(screen.getByTestId('confirm-payment-submit'));
    await waitFor(() => expect(sentTo(fetch, 'mark-paid')).toEqual([{ auctionType: 'offchain' }]));
  });

  it('names a card payment as one, with its reference, and shows who recorded a payment and when', async () => {
    const record = { ...NO_RECORD, paidBy: { name: 'Sam Seller', role: 'seller' as const } };
    vi.stubGlobal('fetch', settlementApi(200, {}, record));
    show(
      lot(
        { hasWinner: true, paid: true },
        { txHash: 'pi_3Kcard', settlement: { ...settlementOf({ status: 'ended', hasWinner: true, paid: true, transferred: false }), paidAt: '2026-11-29T12:00:00.000Z' } },
      ),
    );
    const box = screen.getByTestId('payment-status');
    expect(box.textContent).toContain('Card payment (reference pi_3Kcard)');
    expect(box.textContent).not.toContain('Payment hash');
    await waitFor(() => expect(screen.getByTestId('payment-recorded').textContent).toMatch(/^Paid 29 Nov 2026, \d\d:00 \w+, recorded by Sam Seller \(seller\)$/));
  });

  it('shows the failure text when verifying fails', async () => {
    vi.stubGlobal('fetch', settlementApi(500, null));
    show(lot({ hasWinner: true }));
    fireEvent.click(screen.getByTestId('verify-payment'));
    fireEvent.click(screen.getByTestId('confirm-payment-submit'));
    await waitFor(() => expect(screen.getByTestId('toast-title').textContent).toBe(settlementMessages.verifyFailed));
  });

  it('a USD lot takes the tracking number, trimmed, and confirms it with the lot before marking it transferred', async () => {
    const fetch = settlementApi(200, { message: settlementMessages.transferred });
    vi.stubGlobal('fetch', fetch);
    show(lot({ hasWinner: true, paid: true }));
    expect(screen.getByTestId('payment-status-value').textContent).toBe('Paid');
    expect(screen.getByLabelText('Tracking number')).toBeTruthy();
    fireEvent.click(screen.getByTestId('mark-transferred'));
    expect(screen.getByTestId('transfer-hash-error').textContent).toBe(settlementMessages.transferReferenceRequired);
    fireEvent.change(screen.getByTestId('transfer-hash'), { target: { value: '  UPS-1Z999AA10123456784  ' } });
    fireEvent.click(screen.getByTestId('mark-transferred'));
    expect(screen.getByTestId('confirm-transfer-lot').textContent).toBe('Lot 7: Brass carriage clock');
    expect(screen.getByTestId('confirm-transfer-reference').textContent).toBe('Tracking number UPS-1Z999AA10123456784');
    expect(sentTo(fetch, 'transfer')).toEqual([]);
    fireEvent.click(screen.getByTestId('confirm-transfer-submit'));
    await waitFor(() => expect(screen.getByTestId('toast-title').textContent).toBe(settlementMessages.transferred));
    expect(sentTo(fetch, 'transfer')).toEqual([{ transferTransactionHash: 'UPS-1Z999AA10123456784' }]);
  });

  it('shows the seller of a paid USD lot where to ship it, and writes to the winner through Gavel', async () => {
    const shipTo = { name: 'Wendy Winner', address: '12 Harbour Road', city: 'Bristol', state: null, postCode: 'BS1 4RN', country: 'UK' };
    const fetch = settlementApi(200, { message: settlementMessages.messageSent }, { ...NO_RECORD, shipTo });
    vi.stubGlobal('fetch', fetch);
    show(lot({ hasWinner: true, paid: true }));
    expect((await screen.findByTestId('settlement-ship-to')).textContent).toBe('Ship toWendy Winner12 Harbour RoadBristolBS1 4RNUK');
    fireEvent.click(screen.getByTestId('message-winner-send'));
    expect(screen.getByTestId('message-winner-error').textContent).toBe(settlementMessages.messageRequired);
    fireEvent.change(screen.getByTestId('message-winner-text'), { target: { value: 'Which day suits you?' } });
    fireEvent.click(screen.getByTestId('message-winner-send'));
    await waitFor(() => expect(screen.getByTestId('toast-title').textContent).toBe(settlementMessages.messageSent));
    expect(sentTo(fetch, 'message-winner')).toEqual([{ message: 'Which day suits you?' }]);
  });

  it('a BTC lot paid by card: a failed transfer says "Failed to transfer inscription"', async () => {
    vi.stubGlobal('fetch', settlementApi(502, null));
    show(lot({ hasWinner: true, paid: true }, { paymentMethod: 'BTC', inscriptionId: 'abc0i0', unit: 'sats', soldPrice: '25000' }));
    expect(screen.getByLabelText('Transfer transaction hash')).toBeTruthy();
    fireEvent.change(screen.getByTestId('transfer-hash'), { target: { value: 'a'.repeat(64) } });
    fireEvent.click(screen.getByTestId('mark-transferred'));
    fireEvent.click(screen.getByTestId('confirm-transfer-submit'));
    await waitFor(() => expect(screen.getByTestId('toast-title').textContent).toBe('Failed to transfer inscription'));
    cleanup();
    show(lot({ hasWinner: true, paid: true }, { paymentMethod: 'ETH', unit: 'ETH', soldPrice: '0.02' }));
    fireEvent.change(screen.getByTestId('transfer-hash'), { target: { value: `0x${'b'.repeat(64)}` } });
    fireEvent.click(screen.getByTestId('mark-transferred'));
    fireEvent.click(screen.getByTestId('confirm-transfer-submit'));
    await waitFor(() => expect(screen.getByTestId('toast-title').textContent).toBe(settlementMessages.transferFailed));
  });

  it('ends at Auction Complete', () => {
    show(lot({ hasWinner: true, paid: true, transferred: true }, { transferTransactionHash: '0xfeed' }));
    expect(screen.getByTestId('settlement-complete').textContent).toBe(settlementMessages.complete);
    expect(screen.getByTestId('transfer-status-value').textContent).toBe('Transferred');
  });

  describe('a BTC lot: the seller co-signs the winning offer', () => {
    const SELLER = 'bcrt1pseller';
    const btcLot = () => lot({ hasWinner: true }, { paymentMethod: 'BTC', inscriptionId: 'abc0i0', walletAddress: SELLER, unit: 'sats' });
    const state = (stage: string) => replyWith(200, { lotId: 'lot-1', stage, winningBidId: 'bid-1', psbtHex: '70736274ff', sellerInputIndices: [1], txid: null, confirmations: null });
    const connect = (address: string, ordinalAddress: string) =>
      localStorage.setItem(
        'gavel.wallet',
        JSON.stringify({
          address,
          type: 'hiro',
          walletName: 'Leather',
          walletId: 'leather',
          connectedAt: '',
          linked: true,
          raw: { paymentAddress: address, paymentPublicKey: '02'.padEnd(66, '0'), ordinalAddress, ordinalPublicKey: '0'.repeat(64) },
        }),
      );

    it('asks for a wallet, then a Bitcoin one, then the seller address (either of its addresses, any case)', async () => {
      vi.stubGlobal('fetch', state('awaiting_seller'));
      show(btcLot());
      expect((await screen.findByTestId('btc-settlement-wallet')).textContent).toContain(walletMessages.connectFirst);
      expect((screen.getByTestId('btc-seller-sign') as HTMLButtonElement).disabled).toBe(true);
      cleanup();
      connect('bcrt1qsomeoneelse', 'bcrt1psomeoneelse');
      show(btcLot());
      expect((await screen.findByTestId('btc-settlement-wallet')).textContent).toBe(psbtMessages.walletMismatch);
      cleanup();
      localStorage.setItem(
        'gavel.wallet',
        JSON.stringify({ address: '0x00000000000000000000000000000000000000aa', type: 'evm', walletName: 'MetaMask', walletId: 'metaMask', connectedAt: '', linked: true }),
      );
      show(btcLot());
      expect((await screen.findByTestId('btc-settlement-wallet')).textContent).toBe('MetaMask is not supported. Please use Leather or Xverse wallet for Bitcoin transactions.');
      cleanup();
      connect('bcrt1qpayment', SELLER.toUpperCase());
      show(btcLot());
      await waitFor(() => expect((screen.getByTestId('btc-seller-sign') as HTMLButtonElement).disabled).toBe(false));
      expect(screen.queryByTestId('btc-settlement-wallet')).toBeNull();
      expect(screen.queryByTestId('verify-payment')).toBeNull();
    });

    // Its own timeout: the wallet chunk's first import under jsdom can outlast the default 5 s on a busy machine.
    it("co-signs the inscription input in the seller's wallet (sighash 1, with its taproot key) and sends it to the api", { timeout: 20_000 }, async () => {
      const regtest = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef };
      const G = new Uint8Array(Buffer.from('0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798', 'hex'));
      const seller = p2tr(G.subarray(1), undefined, regtest);
      const tx = new Transaction();
      tx.addInput({ txid: new Uint8Array(32).fill(1), index: 0, witnessUtxo: { script: p2wpkh(G, regtest).script, amount: 600n } });
      tx.addInput({ txid: new Uint8Array(32).fill(2), index: 0, witnessUtxo: { script: seller.script, amount: 546n }, sighashType: 1 });
      tx.addOutput({ script: seller.script, amount: 10_000n });
      const psbtHex = Buffer.from(tx.toPSBT()).toString('hex');
      const sign = vi.fn(async (_method: string, params: { hex: string }) => ({ jsonrpc: '2.0', id: '1', result: { hex: params.hex } }));
      window.LeatherProvider = { request: sign as never };
      const fetch = vi.fn(async (url: string) =>
        url.includes('/psbt/state/')
          ? new Response(JSON.stringify({ lotId: 'lot-1', stage: 'awaiting_seller', winningBidId: 'bid-1', psbtHex, sellerInputIndices: [1], txid: null, confirmations: null }))
          : new Response('Bad gateway', { status: 502 }),
      );
      vi.stubGlobal('fetch', fetch);
      connect('bcrt1qpayment', seller.address!);
      localStorage.setItem(
        'gavel.wallet',
        JSON.stringify({
          ...JSON.parse(localStorage.getItem('gavel.wallet')!),
          raw: { paymentAddress: 'bcrt1qpayment', paymentPublicKey: '', ordinalAddress: seller.address, ordinalPublicKey: Buffer.from(G.subarray(1)).toString('hex') },
        }),
      );
      show({ ...btcLot(), walletAddress: seller.address! });
      fireEvent.click(await screen.findByTestId('btc-seller-sign'));
      // Roomy: the wallet chunk's first import takes a while under jsdom.
      await waitFor(() => expect(screen.getByTestId('toast-title').textContent).toBe(psbtMessages.saveSellerFailed), { timeout: 10_000 });
      const [method, params] = sign.mock.calls[0] as unknown as [string, { hex: string; allowedSighash: number[]; signAtIndex: number[] }];
      expect([method, params.allowedSighash, params.signAtIndex]).toEqual(['signPsbt', [1], [1]]);
      expect(Transaction.fromPSBT(new Uint8Array(Buffer.from(params.hex, 'hex'))).getInput(1).tapInternalKey).toEqual(G.subarray(1));
      const sent = (fetch.mock.calls as unknown as Array<[string, RequestInit]>).find(([url]) => url.endsWith('/psbt/seller-sign'))!;
      expect(JSON.parse(String(sent[1].body))).toEqual({ auctionId: 'lot-1', walletAddress: seller.address, signedPsbtHex: params.hex });
      delete window.LeatherProvider;
    });

    it('without a signed winning offer, says the winner must claim first and keeps the manual steps', async () => {
      vi.stubGlobal('fetch', state('no_winner'));
      show(btcLot(), true);
      expect((await screen.findByTestId('btc-settlement-no-template')).textContent).toBe(psbtMessages.noTemplate);
      expect(screen.getByTestId('mark-paid')).toBeTruthy();
    });
  });
});
