/**
 * The buyer's premium on ETH lots, against the chain (anvil + contracts + Ponder + api): the auction carries the
 * house's premium from its creation, the lot shows it and its all-in, a wallet bid and a relayed card bid both send
 * it on top of the amount, an outbid bidder gets both back, a card hold covers it, and a relayed win is charged it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEther, parseEventLogs } from 'viem';
import { gavelAuctionHouseAbi } from '@gavel/contracts';
import { coinHoldCents, WEI_PER_ETH } from '@gavel/domain';
import { chainActions, linkLot, startChainStack, type ChainStack } from '../support/chain.ts';
import { eventually } from '../support/eventually.ts';
import { signIn } from '../support/users.ts';
import { startRecordedStripe, userWithCard, type RecordedStripe } from '../support/card-payments.ts';

const RESERVE = parseEther('0.01');
/** 25%, the rate the house's contract is set to before these tests' auctions are created. */
const PREMIUM_BPS = 2_500;
const withPremium = (wei: bigint) => wei + (wei * BigInt(PREMIUM_BPS) + 5_000n) / 10_000n;
let chain: ChainStack;
let act: ReturnType<typeof chainActions>;
let stripe: RecordedStripe;

const call = (method: string, path: string, token?: string, body?: unknown) =>
  fetch(chain.api.url + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

beforeAll(async () => {
  stripe = await startRecordedStripe();
  chain = await startChainStack('postgres', { ...stripe.env(), RELAYER_SWEEP_MS: '100' });
  act = chainActions(chain);
  await act.setPremium(PREMIUM_BPS);
}, 180_000);
afterAll(async () => {
  await chain?.stop();
  await stripe?.stop();
});

describe('the buyer’s premium on ETH lots', () => {
  it('is the auction’s own, shown with the lot, and a wallet bid pays it on top; outbid, both come back', async () => {
    const { auctionId, tokenId } = await act.startAuction({ reserveWei: RESERVE });
    // A change after the auction's creation does not alter its terms.
    await act.setPremium(1_000);
    await act.setPremium(PREMIUM_BPS);
    const lot = await linkLot(chain, auctionId, tokenId, RESERVE);
    expect(lot.chainPremiumBps).toBe(PREMIUM_BPS);
    const shown = await call('GET', `/auctions/${lot.id}`);
    expect(shown.body.data.buyerPremium).toEqual([{ upTo: null, percent: '25' }]);

    const before = await chain.publicClient.getBalance({ address: chain.house });
    await act.bid(3, auctionId, RESERVE);
    expect((await chain.publicClient.getBalance({ address: chain.house })) - before).toBe(withPremium(RESERVE));
    const higher = RESERVE * 2n;
    await act.bid(4, auctionId, higher);
    const refund = await chain.publicClient.readContract({ address: chain.house, abi: gavelAuctionHouseAbi, functionName: 'pendingReturns', args: [act.address(3)] });
    expect(refund).toBe(withPremium(RESERVE));
  });

  it('is held with a relayed card bid, sent by the relayer with the bid, and charged to the card when it wins', async () => {
    const dora = await userWithCard(chain.api.db, stripe);
    const token = await signIn(chain.api.url, dora.email);
    const { auctionId, tokenId } = await act.startAuction({ reserveWei: RESERVE, minutes: 10n });
    const lot = await linkLot(chain, auctionId, tokenId, RESERVE);

    const placed = await call('POST', `/auctions/${lot.id}/bids`, token, { amount: '0.01', walletAddress: 'card_payment' });
    expect(placed.status).toBe(201);
    const row = await eventually(() => chain.api.db.prisma.relayedBid.findFirst({ where: { userId: dora.id, lotId: lot.id } }), {
      until: (r) => r?.status === 'placed',
      timeoutMs: 15_000,
      what: 'the relayed bid mined',
    });
    // The hold covers 0.0125 ETH (the bid and its premium) at the price stand-in's $2,000, with the hold's margin.
    const price = await chain.api.services.prices.holdPrice('ETH');
    expect(row!.holdCents).toBe(Number(coinHoldCents(withPremium(RESERVE), WEI_PER_ETH, price)));
    const auction = await chain.publicClient.readContract({ address: chain.house, abi: gavelAuctionHouseAbi, functionName: 'getAuction', args: [auctionId] });
    expect(auction.highestBid).toBe(RESERVE);

    await act.increaseTime(11 * 60);
    const ended = await act.end(auctionId);
    const won = await eventually(() => chain.api.db.prisma.relayedBid.findFirst({ where: { userId: dora.id, lotId: lot.id } }), {
      until: (r) => r?.holdStatus === 'captured',
      timeoutMs: 15_000,
      what: 'the won relayed bid captured',
    });
    // $25.00: the bid's $20.00 and its 25% premium, without the hold's margin.
    expect(won!.captureCents).toBe(2500);
    const capture = stripe.calls.find((c) => c.path === `/v1/payment_intents/${won!.paymentIntentId}/capture` && c.status === 200);
    expect(capture?.reply).toMatchObject({ status: 'succeeded', amount_received: 2500 });
    // The contract paid the premium (0.0025 ETH) to the treasury with its fee, which the seller bears.
    const [settled] = parseEventLogs({ abi: gavelAuctionHouseAbi, eventName: 'AuctionSettled', logs: ended.logs });
    expect(settled!.args).toMatchObject({ amount: RESERVE, premium: withPremium(RESERVE) - RESERVE });
    // The card bidder's invoice, from the settlement: the hammer and the premium the contract took, paid by the card;
    // the seller's statement keeps the contract's fee as the commission.
    const invoice = await eventually(() => chain.api.db.prisma.invoice.findFirst({ where: { lotId: lot.id } }), {
      until: (row) => row !== null,
      timeoutMs: 15_000,
      what: 'the relayed win’s invoice',
    });
    expect(invoice).toMatchObject({ buyerId: dora.id, unit: 'ETH', voidedAt: null });
    expect([invoice!.hammer.toFixed(0), invoice!.premium.toFixed(0), invoice!.total.toFixed(0)]).toEqual([RESERVE, withPremium(RESERVE) - RESERVE, withPremium(RESERVE)].map(String));
    const statement = await chain.api.db.prisma.sellerStatement.findFirstOrThrow({ where: { lotId: lot.id } });
    expect([statement.commission.toFixed(0), statement.net.toFixed(0)]).toEqual([settled!.args.fee, RESERVE - settled!.args.fee!].map(String));
    expect(await chain.api.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).toMatchObject({ winnerId: dora.id, paid: true });
    const mine = await call('GET', `/invoices/${invoice!.id}`, token);
    expect(mine.status).toBe(200);
  });
});
