/**
 * EVM wallets against the chain (one stack: anvil + contracts + Ponder on PGlite + api): a wallet proved by
 * SIWE, its ETH balance, an on-chain bid recorded from its real transaction (and refused for a bid by another
 * wallet, on another auction, or a transaction with no bid), withdrawals refused for unlinked wallets, and card
 * bids on on-chain lots placed by the relayer (anvil account 9) with their Stripe holds (the Stripe stand-in).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress, parseEther, type Address } from 'viem';
import { gavelAuctionHouseAbi, gavelNftAbi } from '@gavel/contracts';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { ANVIL_PRIVATE_KEYS } from '../../scripts/chain/anvil.ts';
import { chainActions, linkLot, startChainStack, type ChainStack } from '../support/chain.ts';
import { eventually } from '../support/eventually.ts';
import { createLot } from '../support/lots.ts';
import { createUser, signIn } from '../support/users.ts';
import { confirmInBrowser, startRecordedStripe, userWithCard, WEBHOOK_SECRET, type RecordedStripe } from '../support/card-payments.ts';
import { openUserEvents } from '../support/sse.ts';
import { NETWORK_RETRIES } from '../../api/src/payments/stripe-client.ts';
import { UNPAID_WIN } from '../../api/src/relayer/unpaid-wins.ts';
import { voidUnpaidLots } from '../../api/src/checkout/unpaid.ts';

const RESERVE = parseEther('0.01');
let chain: ChainStack;
let act: ReturnType<typeof chainActions>;
let stripe: RecordedStripe;
const RELAYER = privateKeyToAccount(ANVIL_PRIVATE_KEYS[9] as `0x${string}`).address;

const call = (method: string, path: string, token: string, body?: unknown) =>
  fetch(chain.api.url + path, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

/** A ready bidder who proved anvil account `account` through SIWE, as the dapp does. */
async function provedBidder(account: number, existing?: { id: string; email: string }) {
  const user = existing ?? (await createUser(chain.api.db, 'ready'));
  return proveWallet(user, account);
}

/** `account`: an anvil account, or any private key for a wallet that never needs to send. */
async function proveWallet(user: { id: string; email: string }, account: number | `0x${string}`) {
  const token = await signIn(chain.api.url, user.email);
  const wallet = privateKeyToAccount(typeof account === 'number' ? (ANVIL_PRIVATE_KEYS[account] as `0x${string}`) : account);
  const challenge = await call('POST', '/wallet/connect', token, { walletAddress: wallet.address, walletType: 'evm', walletName: 'MetaMask', chainId: 31337 });
  const signature = await wallet.signMessage({ message: challenge.body.data.message });
  const verified = await call('POST', '/wallet/verify', token, { walletAddress: wallet.address, walletType: 'evm', message: challenge.body.data.message, signature });
  expect(verified.status).toBe(201);
  return { user, token, address: wallet.address };
}

beforeAll(async () => {
  stripe = await startRecordedStripe();
  chain = await startChainStack('postgres', { ...stripe.env(), RELAYER_SWEEP_MS: '100' });
  act = chainActions(chain);
}, 180_000);
afterAll(async () => {
  await chain?.stop();
  await stripe?.stop();
});

describe('EVM wallets on chain', () => {
  it('answers the ETH balance of an address from the chain', async () => {
    const bidder = await provedBidder(2);
    const wei = await chain.publicClient.getBalance({ address: bidder.address });
    const balance = await call('GET', `/wallet/balance/${bidder.address.toLowerCase()}`, bidder.token);
    expect(balance.body.data).toMatchObject({ address: bidder.address, chain: 'evm', unit: 'ETH', raw: wei.toString() });
  });

  it('records a bid from its transaction, once, and refuses bids that are not the user’s', async () => {
    const alice = await provedBidder(3);
    const bob = await provedBidder(4);
    const { auctionId, tokenId } = await act.startAuction({ reserveWei: RESERVE });
    const lot = await linkLot(chain, auctionId, tokenId, RESERVE);
    const other = await act.startAuction({ reserveWei: RESERVE });
    const otherLot = await linkLot(chain, other.auctionId, other.tokenId, RESERVE);

    const placed = await act.bid(3, auctionId, RESERVE);
    const body = { blockchainAuctionId: auctionId.toString(), mongoAuctionId: lot.id, bidAmount: '0.01', walletAddress: alice.address, txHash: placed.transactionHash };
    const recorded = await call('POST', `/auctions/${lot.id}/eth-bids`, alice.token, body);
    expect(recorded.status).toBe(201);
    expect(recorded.body).toMatchObject({
      message: 'On-chain bid placed successfully!',
      data: {
        bid: {
          lotId: lot.id,
          blockchainAuctionId: auctionId.toString(),
          amount: '0.01',
          bidder: alice.address.toLowerCase(),
          walletAddress: alice.address.toLowerCase(),
          txHash: placed.transactionHash,
        },
      },
    });
    // The client's amount is not the record's: the event's is.
    const again = await eventually(() => call('POST', `/auctions/${lot.id}/eth-bids`, alice.token, { ...body, bidAmount: '99' }), {
      until: (r) => r.body.data?.bid.indexed === true,
      timeoutMs: 10_000,
      what: 'the bid indexed',
    });
    expect(again.body.data.bid).toMatchObject({ id: recorded.body.data.bid.id, amount: '0.01' });
    expect(await chain.api.db.prisma.chainBid.count({ where: { lotId: lot.id } })).toBe(1);

    // Bob's own bid, claimed by Alice: her wallet is not the bidder; Bob's wallet is not hers.
    const bobs = await act.bid(4, auctionId, RESERVE + parseEther('0.001'));
    const claimed = { ...body, txHash: bobs.transactionHash };
    expect((await call('POST', `/auctions/${lot.id}/eth-bids`, alice.token, claimed)).body).toMatchObject({ code: 'bidder_mismatch', message: 'This bid was placed by another wallet' });
    const asBob = await call('POST', `/auctions/${lot.id}/eth-bids`, alice.token, { ...claimed, walletAddress: bob.address });
    expect(asBob).toMatchObject({ status: 403, body: { code: 'wallet_not_linked', fields: { walletAddress: 'This wallet is not linked to your account. Connect and verify it first.' } } });
    // A bid on this auction is not a bid on another lot's auction; an approval is not a bid at all.
    expect((await call('POST', `/auctions/${otherLot.id}/eth-bids`, bob.token, { ...claimed, walletAddress: bob.address, blockchainAuctionId: auctionId.toString() })).body.code).toBe(
      'auction_mismatch',
    );
    expect((await call('POST', `/auctions/${otherLot.id}/eth-bids`, bob.token, { ...claimed, walletAddress: bob.address, blockchainAuctionId: other.auctionId.toString() })).body.code).toBe('no_bid');
    expect((await call('POST', `/auctions/${lot.id}/eth-bids`, bob.token, { ...claimed, walletAddress: bob.address })).status).toBe(201);
    expect(await chain.api.db.prisma.chainBid.findMany({ where: { lotId: lot.id }, select: { userId: true }, orderBy: { blockNumber: 'asc' } })).toEqual([
      { userId: alice.user.id },
      { userId: bob.user.id },
    ]);

    // Outbid, Alice withdraws; reporting it from a wallet she never proved is refused, from hers accepted.
    const withdrawal = await act.withdraw(3);
    const stranger = getAddress(act.address(5));
    const refused = await call('POST', '/evm-withdrawals', alice.token, { auctionId: lot.id, walletAddress: stranger, txHash: withdrawal });
    expect(refused).toMatchObject({ status: 403, body: { code: 'wallet_not_linked' } });
    expect((await call('POST', '/evm-withdrawals', alice.token, { auctionId: lot.id, walletAddress: alice.address, txHash: withdrawal })).status).toBe(201);
  });
});

// Before the card bids: their won auction moves the chain's clock ahead of the wall clock.
describe('linking a lot to the on-chain auction its seller started', () => {
  it('reads the auction from the chain: the lot takes its id, NFT, times and live state; others are refused', async () => {
    const seller = await createUser(chain.api.db, 'seller');
    const { token } = await proveWallet(seller, 1);
    const lot = await createLot(chain.api.db, { paymentMethod: 'ETH', onchain: true, creatorId: seller.id, startsInMs: 86_400_000, endsInMs: 90_000_000, startingBid: RESERVE });
    const { auctionId, tokenId } = await act.startAuction({ reserveWei: RESERVE, minutes: 30n });
    const link = (as: string, lotId: string, id: bigint | string) => call('POST', `/lots/${lotId}/chain-auction`, as, { auctionId: id.toString(), txHash: `0x${'ab'.repeat(32)}` });

    expect((await link(token, lot.id, 999_999n)).body).toMatchObject({ code: 'auction_not_found' });
    // An admin whose wallets did not create it may not claim it.
    const admin = await createUser(chain.api.db, 'admin');
    expect((await link(await signIn(chain.api.url, admin.email), lot.id, auctionId)).body).toMatchObject({ code: 'not_your_auction' });

    const linked = await link(token, lot.id, auctionId);
    expect(linked.status).toBe(200);
    const onChain = await chain.publicClient.readContract({ address: chain.house, abi: gavelAuctionHouseAbi, functionName: 'getAuction', args: [auctionId] });
    expect(linked.body.data).toMatchObject({
      auctionId: auctionId.toString(),
      status: 'live',
      tokenId: tokenId.toString(),
      contractAddress: chain.nft.toLowerCase(),
      endTime: new Date(Number(onChain.endTime) * 1000).toISOString(),
    });
    // anvil stamps blocks at max(previous + 1 s, now), so after a burst of blocks the chain's start time can be
    // seconds ahead of the wall clock: the lot reads upcoming until then, which is right.
    const shown = await eventually(() => call('GET', `/auctions/${lot.id}`, token), {
      until: (r) => r.body.data?.chain?.indexed === true && r.body.data?.status === 'timeStarted',
      timeoutMs: 20_000,
      what: 'the lot showing its started auction',
    });
    expect(shown.body.data).toMatchObject({ status: 'timeStarted', chain: { auctionId: auctionId.toString(), nftId: tokenId.toString() } });

    const second = await createLot(chain.api.db, { paymentMethod: 'ETH', onchain: true, creatorId: seller.id });
    expect((await link(token, second.id, auctionId)).body.code).toBe('auction_taken');
    const other = await act.startAuction({ reserveWei: RESERVE });
    await chain.api.db.prisma.lot.update({ where: { id: second.id }, data: { contractAddress: chain.nft, tokenId: (other.tokenId + 100n).toString() } });
    expect((await link(token, second.id, other.auctionId)).body.code).toBe('other_nft');
  });
});

describe('card bids on on-chain lots, through the relayer', () => {
  const relayed = (userId: string, lotId: string) => chain.api.db.prisma.relayedBid.findFirst({ where: { userId, lotId } });
  const ownerOf = (tokenId: bigint) => chain.publicClient.readContract({ address: chain.nft, abi: gavelNftAbi, functionName: 'ownerOf', args: [tokenId] });
  const cardBid = async (token: string, lotId: string, amount: string) => call('POST', `/auctions/${lotId}/bids`, token, { amount, walletAddress: 'card_payment' });

  it('holds the card and bids on chain; outbid by a wallet, the relayer withdraws the refund and the hold is released', async () => {
    const carol = await userWithCard(chain.api.db, stripe);
    const token = await signIn(chain.api.url, carol.email);
    const events = await openUserEvents(chain.api.url, token);
    await events.next('ready');
    const { auctionId, tokenId } = await act.startAuction({ reserveWei: RESERVE });
    const lot = await linkLot(chain, auctionId, tokenId, RESERVE);
    expect((await cardBid(token, lot.id, '0.005')).body.fields.amount).toBe('Bid must be at least 0.01 ETH');

    const placed = await cardBid(token, lot.id, '0.01');
    expect(placed.status).toBe(201);
    expect(placed.body.data.bid).toMatchObject({ amount: '0.01', unit: 'ETH', walletAddress: 'card_payment', status: 'active', bidder: { isYou: true } });
    const onChain = await eventually(() => relayed(carol.id, lot.id), { until: (row) => row?.status === 'placed', timeoutMs: 15_000, what: 'the relayed bid mined' });
    expect(await chain.api.db.prisma.chainBid.findFirst({ where: { txHash: onChain!.txHash!.toLowerCase() } })).toMatchObject({
      userId: carol.id,
      walletAddress: 'card_payment',
      bidder: RELAYER.toLowerCase(),
    });
    const hold = await stripe.stripe.paymentIntents.retrieve(onChain!.paymentIntentId);
    // 0.01 ETH at the price stand-in's $2,000, plus the default 10 % hold margin.
    expect({ status: hold.status, amount: hold.amount, capture: hold.capture_method }).toEqual({ status: 'requires_capture', amount: 2200, capture: 'manual' });
    const lotView = await eventually(() => call('GET', `/auctions/${lot.id}`, token), {
      until: (r) => r.body.data?.chain?.highestBidder === RELAYER.toLowerCase(),
      timeoutMs: 10_000,
      what: 'the lot led by the relayer',
    });
    expect(lotView.body.data.currentBid).toBe('0.01');

    await provedBidder(5);
    await act.bid(5, auctionId, RESERVE * 2n);
    // The card bidder hears of it like any bidder, though the chain's bidder was the relayer.
    const notice = await events.next('outbid', 15_000);
    events.close();
    expect(notice.data).toMatchObject({ auctionId: lot.id, auctionTitle: lot.title, userBidAmount: '0.01', currentBidAmount: '0.02', currencyUnit: 'ETH' });
    const mail = await eventually(() => chain.api.db.prisma.outboxMail.findMany({ where: { to: carol.email, NOT: { subject: { startsWith: 'Ending soon' } } } }), {
      until: (rows) => rows.length > 0,
      timeoutMs: 5_000,
      what: 'the outbid mail',
    });
    expect(mail.map((m) => m.subject)).toEqual(["You've been outbid"]);
    const refunded = await eventually(() => relayed(carol.id, lot.id), { until: (row) => row?.status === 'refunded', timeoutMs: 15_000, what: 'the refund withdrawn' });
    expect(refunded).toMatchObject({ holdStatus: 'released' });
    expect(refunded!.refundTxHash).toMatch(/^0x/);
    expect((await stripe.stripe.paymentIntents.retrieve(refunded!.paymentIntentId)).status).toBe('canceled');
    expect(await chain.publicClient.readContract({ address: chain.house, abi: gavelAuctionHouseAbi, functionName: 'pendingReturns', args: [RELAYER] })).toBe(0n);
    // The lot's bids show the card bid as Carol's (card_payment), its refund taken back by the relayer.
    const bids = await eventually(() => call('GET', `/auctions/${lot.id}/bids`, token), { until: (r) => r.body.data?.length === 2, timeoutMs: 10_000, what: 'both bids indexed' });
    expect(bids.body.data.map((b: any) => [b.amount, b.walletAddress, b.status, b.withdrawalStatus, b.bidder.isYou])).toEqual([
      ['0.02', getAddress(act.address(5)).toLowerCase(), 'active', null, false],
      ['0.01', 'card_payment', 'outbid', 'withdrawn', true],
    ]);
  });

  it('a card bid the chain refuses (a higher bid landed first) releases the hold and tells the bidder they were outbid', async () => {
    const dave = await userWithCard(chain.api.db, stripe);
    const token = await signIn(chain.api.url, dave.email);
    const events = await openUserEvents(chain.api.url, token);
    await events.next('ready');
    const { auctionId, tokenId } = await act.startAuction({ reserveWei: RESERVE });
    const lot = await linkLot(chain, auctionId, tokenId, RESERVE);

    // A wallet's higher bid waits in the mempool, ahead of the relayer's (a far higher tip), while the api still
    // sees an auction without bids and acknowledges Dave's card bid.
    await act.rpc('evm_setAutomine', [false]);
    try {
      const house = { address: chain.house, abi: gavelAuctionHouseAbi } as const;
      const tip = parseEther('0.0000001');
      await chain.signers[8]!.writeContract({ ...house, functionName: 'bid', args: [auctionId, RESERVE * 3n], value: RESERVE * 3n, maxPriorityFeePerGas: tip, maxFeePerGas: tip * 2n });
      const placed = await cardBid(token, lot.id, '0.01');
      expect(placed.status).toBe(201);
      await eventually(() => relayed(dave.id, lot.id), { until: (row) => Boolean(row?.txHash) || row?.status === 'failed', timeoutMs: 15_000, what: 'the relayer sending its bid' });
      await act.rpc('evm_mine');
    } finally {
      await act.rpc('evm_setAutomine', [true]);
    }

    const failed = await eventually(() => relayed(dave.id, lot.id), { until: (row) => row?.status === 'failed', timeoutMs: 15_000, what: 'the relayed bid failing' });
    expect(failed).toMatchObject({ holdStatus: 'released' });
    expect((await stripe.stripe.paymentIntents.retrieve(failed!.paymentIntentId)).status).toBe('canceled');
    const notice = await events.next('outbid', 15_000);
    events.close();
    expect(notice.data).toMatchObject({ auctionId: lot.id, userBidAmount: '0.01', currentBidAmount: '0.03', currencyUnit: 'ETH' });
    const mail = await eventually(() => chain.api.db.prisma.outboxMail.findMany({ where: { to: dave.email } }), { until: (rows) => rows.length > 0, timeoutMs: 5_000, what: 'the outbid mail' });
    expect(mail.map((m) => m.subject)).toEqual(["You've been outbid"]);
  });

  it('won: the hold is captured and the NFT waits in custody until the bidder links a wallet, then goes to it', async () => {
    const erin = await userWithCard(chain.api.db, stripe);
    const token = await signIn(chain.api.url, erin.email);
    const { auctionId, tokenId } = await act.startAuction({ reserveWei: RESERVE, minutes: 10n });
    const lot = await linkLot(chain, auctionId, tokenId, RESERVE);
    expect((await cardBid(token, lot.id, '0.012')).status).toBe(201);
    await eventually(() => relayed(erin.id, lot.id), { until: (row) => row?.status === 'placed', timeoutMs: 15_000, what: 'the relayed bid mined' });
    await act.increaseTime(11 * 60);
    await act.end(auctionId);

    const kept = await eventually(() => relayed(erin.id, lot.id), { until: (row) => row?.status === 'custody', timeoutMs: 15_000, what: 'the NFT in custody' });
    expect(kept).toMatchObject({ holdStatus: 'captured' });
    expect((await stripe.stripe.paymentIntents.retrieve(kept!.paymentIntentId)).status).toBe('succeeded');
    expect(await ownerOf(tokenId)).toBe(RELAYER);

    const linked = await provedBidder(6, erin);
    const delivered = await eventually(() => relayed(erin.id, lot.id), { until: (row) => row?.status === 'delivered', timeoutMs: 15_000, what: 'the NFT delivered' });
    expect(delivered!.deliveredTo).toBe(linked.address.toLowerCase());
    expect(await ownerOf(tokenId)).toBe(linked.address as Address);
  });

  /**
   * A card winner whose hold lapsed before the close (as an uncaptured hold does after 7 days), their wallet linked.
   * `before`: bids placed on the auction ahead of the winner's.
   */
  async function unpaidWin(before?: (lotId: string) => Promise<void>) {
    const winner = await userWithCard(chain.api.db, stripe);
    const token = await signIn(chain.api.url, winner.email);
    // The winner's wallet is linked before the close: only the missing payment can keep the NFT back.
    const wallet = await proveWallet(winner, generatePrivateKey());
    const { auctionId, tokenId } = await act.startAuction({ reserveWei: RESERVE, minutes: 10n });
    const lot = await linkLot(chain, auctionId, tokenId, RESERVE);
    await before?.(lot.id);
    expect((await cardBid(token, lot.id, '0.012')).status).toBe(201);
    const placed = await eventually(() => relayed(winner.id, lot.id), { until: (row) => row?.status === 'placed', timeoutMs: 15_000, what: 'the relayed bid mined' });
    await stripe.stripe.paymentIntents.cancel(placed!.paymentIntentId);
    await act.increaseTime(11 * 60);
    await act.end(auctionId);
    const kept = await eventually(() => relayed(winner.id, lot.id), {
      until: (row) => row?.error === UNPAID_WIN || row?.status === 'delivered',
      timeoutMs: 15_000,
      what: 'the won relayed bid decided',
    });
    return { winner, token, address: wallet.address, lot, tokenId, kept: kept! };
  }
  const exposure = async () => {
    const admin = await createUser(chain.api.db, 'admin');
    const stats = await call('GET', '/admin/auction-stats', await signIn(chain.api.url, admin.email));
    expect(stats.status).toBe(200);
    return stats.body.data.relayerExposure as any[];
  };

  it('won on a hold that is gone: the NFT stays with the relayer until the winner pays from the cart by the deadline, with another card, then goes to their wallet', async () => {
    const { winner: fay, token, address, lot, tokenId, kept } = await unpaidWin();
    expect(kept).toMatchObject({ status: 'custody', error: UNPAID_WIN, deliveredTo: null, captureCents: 2400 });
    expect(kept.holdStatus).not.toBe('captured');
    expect(await ownerOf(tokenId)).toBe(RELAYER);
    const mail = await eventually(() => chain.api.db.prisma.outboxMail.findMany({ where: { to: fay.email, subject: { startsWith: 'Payment needed' } } }), {
      until: (rows) => rows.length > 0,
      timeoutMs: 5_000,
      what: 'the payment-needed mail',
    });
    expect(mail).toHaveLength(1);
    const { paymentDueAt } = await chain.api.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } });
    // 0.012 ETH at the price stand-in's $2,000, without the hold's margin; the deadline is PAYMENT_DUE_MS (48 h) away.
    expect(paymentDueAt!.getTime()).toBeGreaterThan(Date.now() + 47 * 3600_000);
    expect(mail[0]!.text).toContain('Please pay $24.00 from your cart by');
    expect(mail[0]!.text).toContain('/cart');
    // The sweep does not hand it over either.
    await chain.api.services.relayer.sweep();
    expect(await relayed(fay.id, lot.id)).toMatchObject({ status: 'custody', deliveredTo: null });
    expect(await ownerOf(tokenId)).toBe(RELAYER);
    // The admin sees what the platform is out of: the seller was paid on chain.
    expect((await exposure()).find((e) => e.lotId === lot.id)).toMatchObject({
      title: lot.title,
      winnerEmail: fay.email,
      amount: '0.012',
      usd: '24.00',
      since: kept.unpaidSince!.toISOString(),
      state: 'awaiting_payment',
      payBy: paymentDueAt!.toISOString(),
    });

    const cart = await call('GET', '/cart', token);
    expect(cart.body.items.find((i: any) => i.lotId === lot.id)).toMatchObject({
      amount: '0.012',
      unit: 'ETH',
      paymentState: 'awaiting_payment',
      payableByCard: true,
      cardAmount: '24.00',
      payBy: paymentDueAt!.toISOString(),
    });
    stripe.standIn.setWebhook({ url: `${chain.api.url}/payment/webhook`, secret: WEBHOOK_SECRET });
    try {
      const checkout = await call('POST', '/cart/checkout', token, { lotIds: [lot.id] });
      expect(checkout.body).toMatchObject({ total: '24.00', currency: 'usd' });
      // Not the saved card: another one, typed in at checkout.
      expect((await confirmInBrowser(stripe, checkout.body, '5555555555554444')).body.status).toBe('succeeded');
      const delivered = await eventually(() => relayed(fay.id, lot.id), { until: (row) => row?.status === 'delivered', timeoutMs: 15_000, what: 'the NFT delivered once paid' });
      expect(delivered!.deliveredTo).toBe(address.toLowerCase());
    } finally {
      stripe.standIn.setWebhook(null);
    }
    expect(await ownerOf(tokenId)).toBe(address as Address);
    expect(await chain.api.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).toMatchObject({ paid: true, transferred: true, unpaidAt: null });
    expect((await exposure()).find((e) => e.lotId === lot.id)).toBeUndefined();
  });

  it('won on a hold that is gone and not paid by the deadline: voided as a USD lot is, the NFT kept, and the admin sees the exposure', async () => {
    const { winner: gus, lot, tokenId, kept } = await unpaidWin();
    expect(kept).toMatchObject({ status: 'custody', error: UNPAID_WIN });
    // Not paid in time: the deadline is moved to the past rather than waited for.
    await chain.api.db.prisma.lot.update({ where: { id: lot.id }, data: { paymentDueAt: new Date(Date.now() - 1000) } });
    // The worker's own sweep may void it first: either way it is voided once.
    await voidUnpaidLots(chain.api.services);
    expect(await chain.api.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).toMatchObject({ winnerId: gus.id, paid: false, unpaidAt: expect.any(Date) });
    expect((await chain.api.db.prisma.user.findUniqueOrThrow({ where: { id: gus.id } })).unpaidCount).toBe(1);
    const voided = await chain.api.db.prisma.outboxMail.findMany({ where: { to: gus.email, subject: { startsWith: 'Purchase cancelled' } } });
    expect(voided).toHaveLength(1);
    // Voided, it is no longer theirs to pay, and the NFT stays with the relayer.
    const token = await signIn(chain.api.url, gus.email);
    expect((await call('GET', '/cart', token)).body.items.find((i: any) => i.lotId === lot.id)).toBeUndefined();
    expect((await call('POST', '/cart/checkout', token, { lotIds: [lot.id] })).body.code).toBe('not_owed');
    await chain.api.services.relayer.sweep();
    expect(await relayed(gus.id, lot.id)).toMatchObject({ status: 'custody', deliveredTo: null });
    expect(await ownerOf(tokenId)).toBe(RELAYER);
    expect((await exposure()).find((e) => e.lotId === lot.id)).toMatchObject({ winnerEmail: gus.email, amount: '0.012', usd: '24.00', state: 'unpaid', payBy: null });
    // Relisting needs a new auction on chain, which Gavel does not start for an NFT its relayer holds: refused, saying so.
    const admin = await createUser(chain.api.db, 'admin');
    const relist = await call('POST', `/admin/auctions/${lot.id}/relist`, await signIn(chain.api.url, admin.email), {
      startTime: new Date(Date.now() + 3600_000).toISOString(),
      endTime: new Date(Date.now() + 7200_000).toISOString(),
    });
    expect(relist).toMatchObject({ status: 409, body: { code: 'relist_on_chain' } });
  });

  it('a voided relayed win goes to the runner-up by a second-chance card offer at their bid’s USD value, and the relayer delivers the NFT to them', async () => {
    const hal = await userWithCard(chain.api.db, stripe);
    const halToken = await signIn(chain.api.url, hal.email);
    const halWallet = await proveWallet(hal, generatePrivateKey());
    const { lot, tokenId } = await unpaidWin(async (lotId) => {
      expect((await cardBid(halToken, lotId, '0.01')).status).toBe(201);
      await eventually(() => relayed(hal.id, lotId), { until: (row) => row?.status === 'placed', timeoutMs: 15_000, what: 'the runner-up’s relayed bid mined' });
    });
    await chain.api.db.prisma.lot.update({ where: { id: lot.id }, data: { paymentDueAt: new Date(Date.now() - 1000) } });
    // The worker's own sweep may void it first: either way it is voided once.
    await voidUnpaidLots(chain.api.services);
    expect(await chain.api.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).toMatchObject({ unpaidAt: expect.any(Date) });

    const admin = await signIn(chain.api.url, (await createUser(chain.api.db, 'admin')).email);
    const view = await call('GET', `/admin/auctions/${lot.id}`, admin);
    expect(view.body.data.unpaid.runnerUp).toMatchObject({ userId: hal.id, email: hal.email, amount: '0.01' });
    const offered = await call('POST', `/admin/auctions/${lot.id}/second-chance-offer`, admin);
    // 0.01 ETH at the price stand-in's $2,000, without a hold's margin.
    expect(offered.body.data).toMatchObject({ userId: hal.id, amount: '20.00', status: 'open' });
    const offers = await call('GET', '/second-chance-offers', halToken);
    const accepted = await call('POST', `/second-chance-offers/${offers.body.data[0]._id}/accept`, halToken);
    expect(accepted.body.data).toMatchObject({ lotId: lot.id, amount: '20.00' });
    expect(await chain.api.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).toMatchObject({ winnerId: hal.id, paid: true, unpaidAt: null });

    const delivered = await eventually(() => chain.api.db.prisma.relayedBid.findFirst({ where: { lotId: lot.id, error: UNPAID_WIN } }), {
      until: (row) => row?.status === 'delivered',
      timeoutMs: 15_000,
      what: 'the NFT delivered to the runner-up',
    });
    expect(delivered!.deliveredTo).toBe(halWallet.address.toLowerCase());
    expect(await ownerOf(tokenId)).toBe(halWallet.address as Address);
    expect((await exposure()).find((e) => e.lotId === lot.id)).toBeUndefined();
  });
});

// Last in the file: it makes the relayer the NFT's minter, which the helpers minting from account 0 rely on not being.
describe('minting by card through the relayer', () => {
  /** The mint's charge as Stripe answered its confirmation (the intent is created unconfirmed, then confirmed). */
  const mintCharge = (id: string) => stripe.calls.find((c) => /\/confirm$/.test(c.path) && c.status === 200 && c.reply.metadata?.cardMintId === id)?.reply;

  it('charges the card the mint price and mints to the buyer’s linked wallet with cardMint', async () => {
    const nft = { address: chain.nft, abi: gavelNftAbi } as const;
    const buyer = await userWithCard(chain.api.db, stripe);
    const token = await signIn(chain.api.url, buyer.email);
    const mint = () => call('POST', '/nfts/card-mint', token, { metadataUrl: 'ipfs://card-mint-test' });
    expect((await mint()).body).toMatchObject({ code: 'wallet_not_linked' });
    const { address } = await proveWallet(buyer, 7);
    expect((await mint()).body).toMatchObject({ code: 'relayer_not_minter', message: 'NFT contract service not available.' });
    await act.mined(await chain.signers[0]!.writeContract({ ...nft, functionName: 'setMinter', args: [RELAYER] }));

    const started = await mint();
    expect(started.status).toBe(202);
    const price = await chain.publicClient.readContract({ ...nft, functionName: 'publicMintPrice' });
    const cents = Math.max(50, Number((price * 200_000n + 10n ** 18n - 1n) / 10n ** 18n));
    expect(started.body.data).toMatchObject({ status: 'queued', toAddress: address.toLowerCase(), amountUsd: (cents / 100).toFixed(2) });
    const done = await eventually(() => call('GET', `/nfts/card-mint/${started.body.data.id}`, token), { until: (r) => r.body.data?.status === 'minted', timeoutMs: 15_000, what: 'the card mint' });
    const tokenId = BigInt(done.body.data.tokenId);
    expect(await chain.publicClient.readContract({ ...nft, functionName: 'ownerOf', args: [tokenId] })).toBe(address);
    expect(await chain.publicClient.readContract({ ...nft, functionName: 'tokenURI', args: [tokenId] })).toBe('ipfs://card-mint-test');
    expect(mintCharge(started.body.data.id)).toMatchObject({ status: 'succeeded', amount: cents });
  });

  it('gives back a charge whose answer was lost: the buyer is told it failed, nothing is minted', async () => {
    await act.mined(await chain.signers[0]!.writeContract({ address: chain.nft, abi: gavelNftAbi, functionName: 'setMinter', args: [RELAYER] }));
    const buyer = await userWithCard(chain.api.db, stripe);
    const token = await signIn(chain.api.url, buyer.email);
    await proveWallet(buyer, generatePrivateKey());
    // Stripe's SDK tries a closed connection again by itself (Stripe answers each retry from its saved result), so
    // every answer is lost: the first and each of its retries.
    const confirmPath = /^\/v1\/payment_intents\/[^/]+\/confirm$/;
    const lost = Array.from({ length: NETWORK_RETRIES + 1 }, () => stripe.loseNextReply('POST', confirmPath));
    const started = await call('POST', '/nfts/card-mint', token, { metadataUrl: 'ipfs://card-mint-lost' });
    await Promise.all(lost);
    expect(started).toMatchObject({ status: 503, body: { code: 'payment_provider_unavailable' } });
    // Stripe did take the money: the confirm reached it.
    const confirm = stripe.calls.find((c) => confirmPath.test(c.path) && c.reply?.metadata?.cardMintId && c.reply.metadata.userId === buyer.id);
    expect(confirm?.reply).toMatchObject({ status: 'succeeded' });
    const id = confirm!.reply.metadata.cardMintId as string;
    const failed = await eventually(() => chain.api.db.prisma.cardMint.findUnique({ where: { id } }), {
      until: (row) => row?.status === 'failed',
      timeoutMs: 15_000,
      what: 'the lost charge refunded',
    });
    expect(failed).toMatchObject({ txHash: null, tokenId: null, error: 'the charge was not confirmed', paymentIntentId: confirm!.reply.id });
    const refunds = stripe.calls.filter((c) => c.path === '/v1/refunds' && c.params.get('payment_intent') === confirm!.reply.id);
    expect(refunds.map((r) => [r.status, r.reply.amount])).toEqual([[200, confirm!.reply.amount]]);
  });

  it('settles a mint left charging by a crashed request: a charge taken is refunded, one never confirmed is cancelled', async () => {
    const buyer = await userWithCard(chain.api.db, stripe);
    const { address } = await proveWallet(buyer, generatePrivateKey());
    const user = await chain.api.db.prisma.user.findUniqueOrThrow({ where: { id: buyer.id } });
    const intent = (confirm: boolean) =>
      stripe.stripe.paymentIntents.create({
        amount: 700,
        currency: 'usd',
        customer: user.stripeCustomerId!,
        payment_method: user.stripePaymentMethodId!,
        confirm,
        ...(confirm && { off_session: true }),
      });
    const [taken, unconfirmed] = [await intent(true), await intent(false)];
    expect([taken.status, unconfirmed.status]).toEqual(['succeeded', 'requires_confirmation']);
    const row = (paymentIntentId: string, minutesAgo: number) =>
      chain.api.db.prisma.cardMint.create({
        data: {
          userId: buyer.id,
          toAddress: address.toLowerCase(),
          metadataUrl: 'ipfs://card-mint-crashed',
          priceWei: '1',
          cents: 700,
          paymentIntentId,
          status: 'charging',
          updatedAt: new Date(Date.now() - minutesAgo * 60_000),
        },
      });
    // A request still charging (recorded a minute ago) is left alone; the two from ten minutes ago are over.
    const [crashedTaken, crashedUnconfirmed] = [await row(taken.id, 10), await row(unconfirmed.id, 10)];
    const live = await stripe.stripe.paymentIntents.create({ amount: 700, currency: 'usd', customer: user.stripeCustomerId!, payment_method: user.stripePaymentMethodId! });
    const inFlight = await row(live.id, 1);
    for (const mint of [crashedTaken, crashedUnconfirmed]) {
      await eventually(() => chain.api.db.prisma.cardMint.findUnique({ where: { id: mint.id } }), { until: (r) => r?.status === 'failed', timeoutMs: 15_000, what: 'the abandoned mint settled' });
    }
    const refunds = stripe.calls.filter((c) => c.path === '/v1/refunds' && c.params.get('payment_intent') === taken.id);
    expect(refunds.map((r) => [r.status, r.reply.amount])).toEqual([[200, 700]]);
    expect((await stripe.stripe.paymentIntents.retrieve(unconfirmed.id)).status).toBe('canceled');
    expect(stripe.calls.filter((c) => c.path === '/v1/refunds' && c.params.get('payment_intent') === unconfirmed.id)).toEqual([]);
    expect((await chain.api.db.prisma.cardMint.findUniqueOrThrow({ where: { id: inFlight.id } })).status).toBe('charging');
    expect((await stripe.stripe.paymentIntents.retrieve(live.id)).status).toBe('requires_confirmation');
  });

  it('refunds a mint the contract refuses, once, even when Stripe fails the first refund', async () => {
    const nft = { address: chain.nft, abi: gavelNftAbi } as const;
    const buyer = await userWithCard(chain.api.db, stripe);
    const token = await signIn(chain.api.url, buyer.email);
    await proveWallet(buyer, 8);
    // The relayer is the minter when the api checks, and no longer when its job sends the mint: held at Stripe
    // while the charge is made, the owner takes the role back.
    const charging = stripe.holdNext('POST', '/v1/payment_intents');
    const pending = call('POST', '/nfts/card-mint', token, { metadataUrl: 'ipfs://card-mint-refused' });
    await charging.arrived;
    await act.mined(await chain.signers[0]!.writeContract({ ...nft, functionName: 'setMinter', args: [chain.signers[0]!.account!.address] }));
    stripe.standIn.failNext('POST', '/v1/refunds');
    await charging.pass();
    const started = await pending;
    expect(started.status).toBe(202);
    const failed = await eventually(() => call('GET', `/nfts/card-mint/${started.body.data.id}`, token), {
      until: (r) => r.body.data?.status === 'failed',
      timeoutMs: 30_000,
      what: 'the refused mint',
    });
    expect(failed.body.data).toMatchObject({ status: 'failed', tokenId: null, mintTxHash: null });
    const charge = mintCharge(started.body.data.id);
    expect(charge).toMatchObject({ status: 'succeeded', amount: Math.round(Number(started.body.data.amountUsd) * 100) });
    const refunds = stripe.calls.filter((c) => c.path === '/v1/refunds' && c.params.get('payment_intent') === charge.id);
    // The first failed on Stripe's side, and the SDK's retries of it (the same key) were answered the saved 500; the
    // job's retry is a new request (a fixed key would replay the 500 for ever), and it refunded it all.
    expect(refunds.map((r) => r.status)).toEqual([...Array.from({ length: NETWORK_RETRIES + 1 }, () => 500), 200]);
    expect(refunds.at(-1)!.reply).toMatchObject({ status: 'succeeded', amount: charge.amount });
    expect((await chain.api.db.prisma.cardMint.findUniqueOrThrow({ where: { id: started.body.data.id } })).error).toBe('the contract refused the mint');
  });
});
