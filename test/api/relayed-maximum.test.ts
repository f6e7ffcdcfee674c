/**
 * Card maximums on ETH lots, end to end (anvil + contracts + Ponder on PGlite + api with its worker + the Stripe
 * stand-in): the card is held once for the maximum; the relayer (anvil account 9) bids the amount, answers each
 * wallet bid below the maximum with the contract's minimum next bid, and tells the card bidder only when a bid
 * goes past the maximum; a won maximum is charged the winning step only. The maximum never shows to anyone else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ANVIL_PRIVATE_KEYS } from '../../scripts/chain/anvil.ts';
import { chainActions, linkLot, linkWallet, startChainStack, type ChainStack } from '../support/chain.ts';
import { eventually } from '../support/eventually.ts';
import { createUser, signIn } from '../support/users.ts';
import { startRecordedStripe, userWithCard, type RecordedStripe } from '../support/card-payments.ts';
import { openEvents, openUserEvents, type SseClient } from '../support/sse.ts';

const RESERVE = parseEther('0.01');
/** The card bidder's maximum: an amount that appears nowhere else, so any leak of it is plain to see. */
const MAXIMUM = '0.0537';
const RELAYER = privateKeyToAccount(ANVIL_PRIVATE_KEYS[9] as `0x${string}`).address.toLowerCase();
let chain: ChainStack;
let act: ReturnType<typeof chainActions>;
let stripe: RecordedStripe;
const streams: SseClient[] = [];

const call = (method: string, path: string, token: string | null, body?: unknown) =>
  fetch(chain.api.url + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

beforeAll(async () => {
  stripe = await startRecordedStripe();
  chain = await startChainStack('postgres', { ...stripe.env(), RELAYER_SWEEP_MS: '100' });
  act = chainActions(chain);
}, 180_000);
afterAll(async () => {
  for (const stream of streams) stream.close();
  await chain?.stop();
  await stripe?.stop();
});

/** A card bidder with a verified card, signed in, their event stream open. */
async function cardBidder() {
  const user = await userWithCard(chain.api.db, stripe);
  const token = await signIn(chain.api.url, user.email);
  const events = await openUserEvents(chain.api.url, token);
  await events.next('ready');
  streams.push(events);
  return { user, token, events };
}

/** A wallet bidder on anvil account `account`, linked and signed in, their event stream open. */
async function walletBidder(account: number) {
  const user = await createUser(chain.api.db, 'ready');
  await linkWallet(chain, user.id, act.address(account));
  const token = await signIn(chain.api.url, user.email);
  const events = await openUserEvents(chain.api.url, token);
  await events.next('ready');
  streams.push(events);
  return { user, token, events };
}

const stepsOf = (userId: string, lotId: string) => chain.api.db.prisma.relayedBid.findMany({ where: { userId, lotId }, orderBy: { createdAt: 'asc' } });
const wei = (row: { amount: { toFixed(digits: number): string } }) => BigInt(row.amount.toFixed(0));

describe('a card maximum on an ETH lot, stepped on chain by the relayer', () => {
  it('answers wallet bids below the maximum with the next step, and tells the card bidder only past it', async () => {
    const carol = await cardBidder();
    const wally = await walletBidder(5);
    const { auctionId, tokenId } = await act.startAuction({ reserveWei: RESERVE });
    const lot = await linkLot(chain, auctionId, tokenId, RESERVE);
    const watcher = await openEvents(`${chain.api.url}/events?lot=${lot.id}`);
    streams.push(watcher);

    const placed = await call('POST', `/auctions/${lot.id}/bids`, carol.token, { amount: '0.01', walletAddress: 'card_payment', maximum: MAXIMUM });
    expect(placed.status).toBe(201);
    // The bidder's own reply shows their maximum.
    expect(placed.body.data.bid).toMatchObject({ amount: '0.01', walletAddress: 'card_payment', status: 'active', maximum: MAXIMUM });
    const [first] = await eventually(() => stepsOf(carol.user.id, lot.id), { until: (rows) => rows[0]?.status === 'placed', timeoutMs: 15_000, what: 'the first step mined' });
    // One hold, for the maximum: 0.0537 ETH at the price stand-in's $2,000 is $107.40, plus the 10 % margin.
    const hold = await stripe.stripe.paymentIntents.retrieve(first!.paymentIntentId);
    expect({ status: hold.status, amount: hold.amount }).toEqual({ status: 'requires_capture', amount: 11814 });

    // A wallet bid below the maximum: the relayer answers with the contract's minimum next bid, once.
    await act.bid(5, auctionId, parseEther('0.02'));
    const wallyOutbid = await wally.events.next('outbid', 15_000);
    expect(wallyOutbid.data).toMatchObject({ auctionId: lot.id, userBidAmount: '0.02', currentBidAmount: '0.0201' });
    const afterOne = await eventually(() => stepsOf(carol.user.id, lot.id), {
      until: (rows) => rows.length === 2 && rows[1]!.status === 'placed' && rows[0]!.status === 'refunded',
      timeoutMs: 15_000,
      what: 'the second step mined and the first refunded',
    });
    expect(afterOne.map((row) => [wei(row), row.stepOf, row.holdStatus, row.paymentIntentId])).toEqual([
      [parseEther('0.01'), null, 'passed', first!.paymentIntentId],
      [parseEther('0.0201'), first!.id, 'authorized', first!.paymentIntentId],
    ]);
    expect((await stripe.stripe.paymentIntents.retrieve(first!.paymentIntentId)).status).toBe('requires_capture');
    expect(stripe.createdIntents((c) => c.params.get('metadata[lotId]') === lot.id)).toHaveLength(1);
    const led = await eventually(() => call('GET', `/auctions/${lot.id}`, null), {
      until: (r) => r.body.data?.chain?.highestBidder === RELAYER && r.body.data.currentBid === '0.0201',
      timeoutMs: 10_000,
      what: 'the lot led by the relayer again',
    });
    expect(led.body.data.bidCount).toBe(3);

    // Another one: another step, still no notice for the card bidder.
    await act.bid(5, auctionId, parseEther('0.03'));
    await wally.events.next('outbid', 15_000);
    await eventually(() => stepsOf(carol.user.id, lot.id), {
      until: (rows) => rows.length === 3 && rows[2]!.status === 'placed' && wei(rows[2]!) === parseEther('0.0301'),
      timeoutMs: 15_000,
      what: 'the third step mined',
    });
    expect(carol.events.events.filter((e) => e.type === 'outbid')).toEqual([]);

    // Past the maximum: no step; the card bidder hears it, with their maximum, and the hold is released.
    await act.bid(5, auctionId, parseEther('0.06'));
    const told = await carol.events.next('outbid', 15_000);
    expect(told.data).toMatchObject({ auctionId: lot.id, userBidAmount: '0.0301', currentBidAmount: '0.06', currencyUnit: 'ETH', maximum: MAXIMUM });
    const settled = await eventually(() => stepsOf(carol.user.id, lot.id), { until: (rows) => rows.at(-1)?.status === 'refunded', timeoutMs: 15_000, what: 'the last step refunded' });
    expect(settled).toHaveLength(3);
    expect(settled.at(-1)!.holdStatus).toBe('released');
    expect((await stripe.stripe.paymentIntents.retrieve(first!.paymentIntentId)).status).toBe('canceled');

    // Each step is a public card bid; the maximum is in no one else's reply, no lot event and no mail.
    const bids = await call('GET', `/auctions/${lot.id}/bids`, wally.token);
    expect(bids.body.data.map((b: any) => [b.amount, b.walletAddress, b.bidder.isYou])).toEqual([
      ['0.06', act.address(5).toLowerCase(), true],
      ['0.0301', 'card_payment', false],
      ['0.03', act.address(5).toLowerCase(), true],
      ['0.0201', 'card_payment', false],
      ['0.02', act.address(5).toLowerCase(), true],
      ['0.01', 'card_payment', false],
    ]);
    const mails = await eventually(() => chain.api.db.prisma.outboxMail.findMany({ where: { to: carol.user.email } }), {
      until: (rows) => rows.some((m) => m.subject === "You've been outbid"),
      timeoutMs: 5_000,
      what: 'the outbid mail',
    });
    for (const seen of [bids.body, (await call('GET', `/auctions/${lot.id}`, wally.token)).body, watcher.events, wally.events.events, mails]) {
      expect(JSON.stringify(seen)).not.toContain(MAXIMUM);
    }
  });

  it('won: the hold is charged the winning step only, the rest released', async () => {
    const dave = await cardBidder();
    await walletBidder(6);
    const { auctionId, tokenId } = await act.startAuction({ reserveWei: RESERVE, minutes: 10n });
    const lot = await linkLot(chain, auctionId, tokenId, RESERVE);
    const placed = await call('POST', `/auctions/${lot.id}/bids`, dave.token, { amount: '0.01', walletAddress: 'card_payment', maximum: MAXIMUM });
    expect(placed.status).toBe(201);
    await eventually(() => stepsOf(dave.user.id, lot.id), { until: (rows) => rows[0]?.status === 'placed', timeoutMs: 15_000, what: 'the first step mined' });
    await act.bid(6, auctionId, parseEther('0.02'));
    const [, step] = await eventually(() => stepsOf(dave.user.id, lot.id), { until: (rows) => rows[1]?.status === 'placed', timeoutMs: 15_000, what: 'the answering step mined' });

    await act.increaseTime(11 * 60);
    await act.end(auctionId);
    const won = await eventually(() => chain.api.db.prisma.relayedBid.findUnique({ where: { id: step!.id } }), {
      until: (row) => row?.status === 'custody',
      timeoutMs: 15_000,
      what: 'the NFT in custody',
    });
    // 0.0201 ETH at $2,000: $40.20 of the $118.14 hold, the rest never taken.
    expect({ holdStatus: won!.holdStatus, captureCents: won!.captureCents }).toEqual({ holdStatus: 'captured', captureCents: 4020 });
    const charged = await stripe.stripe.paymentIntents.retrieve(step!.paymentIntentId);
    expect({ status: charged.status, amount: charged.amount, received: charged.amount_received }).toEqual({ status: 'succeeded', amount: 11814, received: 4020 });
    expect(dave.events.events.filter((e) => e.type === 'outbid')).toEqual([]);
  });
});
