/**
 * Card holds behind bids on chain are renewed too (anvil + contracts + Ponder on PGlite + api with its worker + the
 * Stripe stand-in, whose holds lapse after 7 days on a clock the test moves). A 14-day auction on chain:
 * - a relayed card bid whose hold lapses on day 7 is renewed on day 6 (a new hold on the row, the old one cancelled,
 *   its lapse moved on), still stands on day 8, and, won, is charged from the renewed hold and its NFT delivered;
 * - a card maximum whose card refuses the renewal is no longer backed: its old hold is released, its bidder told by
 *   mail, and a wallet bid above its step (below the maximum) is not answered by the relayer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEther, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { gavelAuctionHouseAbi, gavelNftAbi } from '@gavel/contracts';
import { messages } from '@gavel/domain';
import { ANVIL_PRIVATE_KEYS } from '../../scripts/chain/anvil.ts';
import { chainActions, linkLot, linkWallet, startChainStack, type ChainStack } from '../support/chain.ts';
import { eventually } from '../support/eventually.ts';
import { signIn } from '../support/users.ts';
import { browserCall, testCard, startRecordedStripe, userWithCard, WEBHOOK_SECRET, type RecordedStripe } from '../support/card-payments.ts';
import { renewLapsingHolds } from '../../api/src/worker/hold-renewal.ts';

const DAY = 24 * 3600_000;
const RESERVE = parseEther('0.01');
/** 14 days, in the auction house's minutes. */
const FORTNIGHT_MINUTES = 14n * 24n * 60n;
const RELAYER = privateKeyToAccount(ANVIL_PRIVATE_KEYS[9] as `0x${string}`).address.toLowerCase();
let chain: ChainStack;
let act: ReturnType<typeof chainActions>;
let rs: RecordedStripe;
/** The test's clock: the stand-in's moves with it; the worker's own turns keep the machine's time. */
let clock = Date.now();

const call = (method: string, path: string, token: string, body?: unknown) =>
  fetch(chain.api.url + path, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

beforeAll(async () => {
  rs = await startRecordedStripe();
  chain = await startChainStack('postgres', { ...rs.env(), RELAYER_SWEEP_MS: '100' });
  rs.standIn.setWebhook({ url: `${chain.api.url}/payment/webhook`, secret: WEBHOOK_SECRET });
  act = chainActions(chain);
}, 180_000);
afterAll(async () => {
  await chain?.stop();
  await rs?.stop();
});

function advance(ms: number): Date {
  clock += ms;
  rs.standIn.advanceClock(ms);
  return new Date(clock);
}

const rowsOf = (userId: string, lotId: string) => chain.api.db.prisma.relayedBid.findMany({ where: { userId, lotId }, orderBy: { createdAt: 'asc' } });
const intentStatus = async (id: string) => (await rs.stripe.paymentIntents.retrieve(id)).status;
const ownerOf = (tokenId: bigint) => chain.publicClient.readContract({ address: chain.nft, abi: gavelNftAbi, functionName: 'ownerOf', args: [tokenId] });
const stripeCallsSince = (from: number) => rs.calls.slice(from).map((c) => `${c.method} ${c.path.replace(/pi_\w+/, ':id')}`);

describe('renewing the card hold of a bid on chain', () => {
  it('renews on day 6 the hold of a relayed bid that lapses on day 7; won, the renewed hold is charged and the NFT delivered', { timeout: 60_000 }, async () => {
    const erin = await userWithCard(chain.api.db, rs);
    const token = await signIn(chain.api.url, erin.email);
    const wallet = act.address(6);
    await linkWallet(chain, erin.id, wallet);
    const { auctionId, tokenId } = await act.startAuction({ reserveWei: RESERVE, minutes: FORTNIGHT_MINUTES });
    const lot = await linkLot(chain, auctionId, tokenId, RESERVE);

    expect((await call('POST', `/auctions/${lot.id}/bids`, token, { amount: '0.012', walletAddress: 'card_payment' })).status).toBe(201);
    const [placed] = await eventually(() => rowsOf(erin.id, lot.id), { until: (rows) => rows[0]?.status === 'placed', timeoutMs: 15_000, what: 'the relayed bid mined' });
    const old = placed!.paymentIntentId;
    expect(placed!.holdLapsesAt!.getTime() - Date.now()).toBeGreaterThan(7 * DAY - 60_000);

    // Day 5: nothing lapses within a day yet.
    expect(await renewLapsingHolds(chain.api.services, advance(5 * DAY))).toEqual({ renewed: 0, lost: 0 });
    const callsBefore = rs.calls.length;
    expect(await renewLapsingHolds(chain.api.services, advance(DAY + 3600_000))).toEqual({ renewed: 1, lost: 0 });
    // The new off-session authorisation, for the same amount on the same card, then the old hold's release.
    expect(stripeCallsSince(callsBefore)).toEqual(['POST /v1/payment_intents', 'POST /v1/payment_intents/:id/cancel']);
    const asked = rs.calls[callsBefore]!;
    expect(asked.params.get('off_session')).toBe('true');
    expect(asked.params.get('amount')).toBe(String(placed!.holdCents));
    expect(asked.params.get('payment_method')).toBe(erin.stripePaymentMethodId);
    expect(asked.params.get('metadata[relayedBidId]')).toBe(placed!.id);

    const [renewed] = await rowsOf(erin.id, lot.id);
    expect(renewed).toMatchObject({ status: 'placed', holdStatus: 'authorized', holdCents: placed!.holdCents });
    expect(renewed!.paymentIntentId).not.toBe(old);
    expect(renewed!.holdLapsesAt!.getTime()).toBe(clock + 7 * DAY);
    expect(await intentStatus(old)).toBe('canceled');
    expect(await intentStatus(renewed!.paymentIntentId)).toBe('requires_capture');
    expect(await chain.api.db.prisma.pendingHold.count({ where: { bidId: placed!.id } })).toBe(0);

    // Day 8: the first hold's 7 days are over; the bid stands on the renewed one, which nothing renews again yet.
    expect(await renewLapsingHolds(chain.api.services, advance(2 * DAY))).toEqual({ renewed: 0, lost: 0 });
    expect(await intentStatus(renewed!.paymentIntentId)).toBe('requires_capture');
    expect((await rowsOf(erin.id, lot.id)).map((row) => [row.status, row.holdStatus, row.paymentIntentId])).toEqual([['placed', 'authorized', renewed!.paymentIntentId]]);

    // The auction's 14 days run out on chain and it settles to the relayer: the win is charged from the renewed hold.
    await act.increaseTime(14 * 24 * 3600 + 60);
    await act.end(auctionId);
    const [delivered] = await eventually(() => rowsOf(erin.id, lot.id), { until: (rows) => rows[0]?.status === 'delivered', timeoutMs: 20_000, what: 'the NFT delivered' });
    // 0.012 ETH at the price stand-in's $2,000: $24.00 of the hold.
    expect(delivered).toMatchObject({ holdStatus: 'captured', captureCents: 2400, paymentIntentId: renewed!.paymentIntentId, deliveredTo: wallet.toLowerCase() });
    const charged = await rs.stripe.paymentIntents.retrieve(renewed!.paymentIntentId);
    expect({ status: charged.status, received: charged.amount_received }).toEqual({ status: 'succeeded', received: 2400 });
    expect(await intentStatus(old)).toBe('canceled');
    expect(await ownerOf(tokenId)).toBe(wallet as Address);
  });

  it('a card maximum whose card refuses the renewal answers no further outbid: its old hold released, its bidder told', { timeout: 60_000 }, async () => {
    const carol = await userWithCard(chain.api.db, rs);
    const token = await signIn(chain.api.url, carol.email);
    const { auctionId, tokenId } = await act.startAuction({ reserveWei: RESERVE, minutes: FORTNIGHT_MINUTES });
    const lot = await linkLot(chain, auctionId, tokenId, RESERVE);
    const placedBid = await call('POST', `/auctions/${lot.id}/bids`, token, { amount: '0.01', walletAddress: 'card_payment', maximum: '0.05' });
    expect(placedBid.status).toBe(201);
    const [step] = await eventually(() => rowsOf(carol.id, lot.id), { until: (rows) => rows[0]?.status === 'placed', timeoutMs: 15_000, what: 'the first step mined' });
    const old = step!.paymentIntentId;
    expect(await intentStatus(old)).toBe('requires_capture');

    // Carol's saved card is now one that saves fine and declines every payment.
    const pm = await browserCall(rs, '/v1/payment_methods', testCard('4000000000000341'));
    await rs.stripe.paymentMethods.attach(pm.body.id, { customer: carol.stripeCustomerId! });
    await chain.api.db.prisma.user.update({ where: { id: carol.id }, data: { stripePaymentMethodId: pm.body.id } });

    expect(await renewLapsingHolds(chain.api.services, advance(6 * DAY + 3600_000))).toEqual({ renewed: 0, lost: 1 });
    // The bid stays on chain, no longer backed; the hold it had, still live, is given back.
    expect(await rowsOf(carol.id, lot.id)).toEqual([expect.objectContaining({ id: step!.id, status: 'placed', holdStatus: 'failed', paymentIntentId: old })]);
    expect(await intentStatus(old)).toBe('canceled');
    const lapsedMail = await eventually(() => chain.api.db.prisma.outboxMail.findMany({ where: { to: carol.email } }), {
      until: (rows) => rows.some((m) => m.text.includes('it will not be raised for you')),
      timeoutMs: 5_000,
      what: 'the mail that the bid is no longer backed',
    });
    expect(lapsedMail.filter((m) => m.text.includes('it will not be raised for you'))).toHaveLength(1);
    expect(messages.bids.relayedHoldLapsedMessage).toContain('it will not be raised for you');

    // A wallet bid above the step and below the maximum: the relayer lets it stand, the step is only refunded.
    const callsBefore = rs.calls.length;
    await act.bid(5, auctionId, parseEther('0.02'));
    const settled = await eventually(() => rowsOf(carol.id, lot.id), { until: (rows) => rows[0]?.status === 'refunded', timeoutMs: 20_000, what: 'the outbid step refunded' });
    expect(settled.map((row) => [row.id, row.status, row.holdStatus, row.stepOf])).toEqual([[step!.id, 'refunded', 'failed', null]]);
    const auction = await chain.publicClient.readContract({ address: chain.house, abi: gavelAuctionHouseAbi, functionName: 'getAuction', args: [auctionId] });
    expect({ bidder: auction.highestBidder.toLowerCase(), bid: auction.highestBid }).toEqual({ bidder: act.address(5).toLowerCase(), bid: parseEther('0.02') });
    expect(auction.highestBidder.toLowerCase()).not.toBe(RELAYER);
    // Nothing held, captured or cancelled for it again.
    expect(stripeCallsSince(callsBefore).filter((c) => c.startsWith('POST /v1/payment_intents'))).toEqual([]);
    expect(await intentStatus(old)).toBe('canceled');
  });
});
