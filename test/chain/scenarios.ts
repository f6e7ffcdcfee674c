/**
 * The on-chain path end to end, on one indexer database: contracts on anvil -> Ponder -> api. Run by
 * test/api/chain-pglite.test.ts and test/api/chain-postgres.test.ts (CI runs both). Each step acts on the chain
 * and reads the result back through the api only.
 */
import { maskName } from '../../api/src/auth/user-name.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress, parseEther } from 'viem';
import { chainActions, linkLot, linkWallet, startChainStack, type ChainStack, type IndexerDatabase } from '../support/chain.ts';
import { eventually } from '../support/eventually.ts';
import { createUser, signIn } from '../support/users.ts';
import { openUserEvents, type SseClient } from '../support/sse.ts';

const RESERVE = parseEther('0.01');
const STEP = parseEther('0.0001');

export function chainScenarios(database: IndexerDatabase): void {
  let chain: ChainStack;
  let act: ReturnType<typeof chainActions>;
  /** Reads are a signed-in user's: an ended lot's winner and price are for signed-in users only. */
  let viewer: string | undefined;
  const get = async (path: string, token = viewer) => {
    const res = await fetch(chain.api.url + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: res.status, body: (await res.json()) as any };
  };
  const send = async (method: string, path: string, token: string, body?: unknown) => {
    const res = await fetch(chain.api.url + path, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const lotOf = (id: string) => get(`/auctions/${id}`).then((r) => r.body.data);
  /** A signed-in user who linked anvil account `account`, with an open event stream. */
  const bidderFor = async (account: number) => {
    const user = await createUser(chain.api.db, 'ready');
    await linkWallet(chain, user.id, act.address(account));
    const token = await signIn(chain.api.url, user.email);
    const events = await openUserEvents(chain.api.url, token);
    await events.next('ready');
    return { user, token, events, address: act.address(account).toLowerCase() };
  };
  const streams: SseClient[] = [];

  beforeAll(async () => {
    chain = await startChainStack(database);
    act = chainActions(chain);
    viewer = await signIn(chain.api.url, (await createUser(chain.api.db, 'ready')).email);
  }, 120_000);
  afterAll(async () => {
    for (const s of streams) s.close();
    await chain?.stop();
  }, 60_000);

  describe(`on-chain auctions through the api (indexer on ${database})`, () => {
    it('create, bid, extend, outbid, withdraw and end: every step reads back through the api', async () => {
      // A 1-minute auction with a 5-minute buffer: every bid lands inside the buffer and extends it.
      const { auctionId, tokenId } = await act.startAuction({ reserveWei: RESERVE, minutes: 1n, bufferSeconds: 300n });
      const lot = await linkLot(chain, auctionId, tokenId, RESERVE);
      const a = await bidderFor(2);
      const b = await bidderFor(3);
      streams.push(a.events, b.events);

      const started = await eventually(() => lotOf(lot.id), { until: (l) => l.chain?.started === true, timeoutMs: 30_000, what: 'the auction to be indexed' });
      expect(started).toMatchObject({ status: 'timeStarted', currentBid: null, bidCount: 0, auctionExtended: false, extensionMessage: null });
      expect(started.chain).toMatchObject({ auctionId: auctionId.toString(), stale: false, started: true, ended: false, cancelled: false, reservePrice: '0.01', seller: act.address(1).toLowerCase() });

      await act.bid(2, auctionId, RESERVE);
      const first = await eventually(() => lotOf(lot.id), { until: (l) => l.bidCount === 1 && l.auctionExtended, timeoutMs: 20_000, what: 'the first bid' });
      expect(first).toMatchObject({ currentBid: '0.01', reserveMet: true, auctionExtended: true, status: 'timeStarted' });
      expect(first.chain.highestBidder).toBe(a.address);
      expect(first.extensionMessage).toContain('final 5 minutes');
      expect(first.endTime).toBe(first.chain.endTime);
      expect(Date.parse(first.endTime)).toBeGreaterThan(Date.parse(started.endTime));

      await act.bid(3, auctionId, RESERVE + STEP);
      const outbid = await a.events.next('outbid', 20_000);
      expect(outbid.data).toMatchObject({ auctionId: lot.id, auctionTitle: lot.title, userBidAmount: '0.01', currentBidAmount: '0.0101', currencyUnit: 'ETH' });
      const second = await lotOf(lot.id);
      expect(second).toMatchObject({ currentBid: '0.0101', bidCount: 2 });

      const bids = await get(`/auctions/${lot.id}/bids`, a.token);
      expect(bids.status).toBe(200);
      expect(bids.body.pagination.total).toBe(2);
      expect(bids.body.data.map((x: any) => [x.walletAddress, x.amount, x.status, x.withdrawalStatus, x.bidder.isYou])).toEqual([
        [b.address, '0.0101', 'active', null, false],
        [a.address, '0.01', 'outbid', 'available', true],
      ]);
      const mine = await get(`/auctions/bids/user/${getAddress(a.address)}`);
      expect(mine.body.data).toHaveLength(1);
      expect(mine.body.data[0]).toMatchObject({ auctionId: lot.id, status: 'outbid', withdrawalStatus: 'available', auction: { title: lot.title, currentBid: '0.0101' } });

      // The refund: the dapp reports the transaction, the indexed Withdrawn event confirms it.
      const hash = await act.withdraw(2);
      const reported = await send('POST', '/evm-withdrawals', a.token, { auctionId: lot.id, walletAddress: getAddress(a.address), txHash: hash });
      expect(reported.status).toBe(201);
      const confirmed = await eventually(() => get(`/evm-withdrawals/${hash}`, a.token), { until: (r) => r.body.data?.status === 'confirmed', timeoutMs: 20_000, what: 'the withdrawal' });
      expect(confirmed.body).toMatchObject({ message: 'Withdrawal successful!', data: { amount: '0.01', walletAddress: a.address } });
      // Another user cannot report it: B did not send it.
      expect((await send('POST', '/evm-withdrawals', b.token, { walletAddress: getAddress(b.address), txHash: hash })).status).toBe(403);
      const after = await get(`/auctions/${lot.id}/bids`);
      expect(after.body.data[1]).toMatchObject({ walletAddress: a.address, withdrawalStatus: 'withdrawn' });

      // Time runs out; anyone settles. The winner is B, by wallet, named as bid histories name bidders.
      await act.increaseTime(400);
      await act.end(auctionId);
      const ended = await eventually(() => lotOf(lot.id), { until: (l) => l.chain.ended === true, timeoutMs: 20_000, what: 'the settlement' });
      expect(ended).toMatchObject({ status: 'timeEnded', soldPrice: '0.0101', winner: { walletAddress: b.address, name: maskName(b.user.name) } });
      const won = await get(`/auctions/won/${getAddress(b.address)}`);
      expect(won.body.data.map((l: any) => l._id)).toEqual([lot.id]);
      expect((await get(`/auctions/won/${a.address}`)).body.data).toEqual([]);

      // Exactly one outbid notice went out, and none to the winner. Bids on a later auction outbid each of them:
      // the follower announces in block order, so any notice still due from this auction would come first.
      const later = await act.startAuction({ reserveWei: RESERVE });
      const laterLot = await linkLot(chain, later.auctionId, later.tokenId, RESERVE);
      await act.bid(3, later.auctionId, RESERVE);
      await act.bid(2, later.auctionId, RESERVE + STEP);
      await act.bid(4, later.auctionId, RESERVE + 2n * STEP);
      const outbidsOn = (who: { events: SseClient }, lotId: string) => who.events.events.filter((e) => e.type === 'outbid' && e.data.auctionId === lotId);
      await eventually(async () => [a, b].every((who) => outbidsOn(who, laterLot.id).length > 0), { until: (told) => told, timeoutMs: 20_000, what: 'the later outbid notices' });
      expect(outbidsOn(a, lot.id)).toHaveLength(1);
      expect(outbidsOn(b, lot.id)).toHaveLength(0);
    }, 120_000);

    it('a cancelled auction reads as cancelled; browse pages carry chain state for every on-chain lot', async () => {
      const { auctionId, tokenId } = await act.startAuction({ reserveWei: RESERVE });
      const cancelled = await linkLot(chain, auctionId, tokenId, RESERVE);
      const live = await act.startAuction({ reserveWei: RESERVE });
      const liveLot = await linkLot(chain, live.auctionId, live.tokenId, RESERVE);
      await act.bid(4, live.auctionId, RESERVE * 2n);
      await act.cancel(auctionId);

      const page = await eventually(() => get('/lots?chainType=ONCHAIN&pageSize=50').then((r) => r.body.data as any[]), {
        until: (lots) => lots.find((l) => l._id === cancelled.id)?.status === 'cancelled' && lots.find((l) => l._id === liveLot.id)?.bidCount === 1,
        timeoutMs: 20_000,
        what: 'the browse page',
      });
      expect(page.find((l) => l._id === liveLot.id)).toMatchObject({ status: 'timeStarted', currentBid: '0.02', chain: { highestBidder: act.address(4).toLowerCase(), stale: false } });
      expect(page.find((l) => l._id === cancelled.id).chain).toMatchObject({ cancelled: true, started: true });
      expect(page.every((l) => l.chain !== null)).toBe(true);
    }, 120_000);

    it('NFT records take owner and approval from the chain, never from the client', async () => {
      const owner = await createUser(chain.api.db, 'ready');
      const other = await createUser(chain.api.db, 'ready');
      await linkWallet(chain, owner.id, act.address(5));
      // Account 8: 2-7 bid in the other scenarios, and a wallet is linked to one account only.
      await linkWallet(chain, other.id, act.address(8));
      const [token, otherToken] = [await signIn(chain.api.url, owner.email), await signIn(chain.api.url, other.email)];
      const tokenId = await act.mint(act.address(5), 'ipfs://bafy-test-metadata');

      // Someone else's token cannot be recorded in one's name, whatever owner the body claims.
      const notTheirs = await send('POST', '/nfts', otherToken, { name: 'Not mine', contractAddress: chain.nft, tokenId: tokenId.toString(), ownerAddress: act.address(8) });
      expect(notTheirs).toEqual({
        status: 403,
        body: { message: 'This token is owned by a wallet not linked to your account. Connect and verify the wallet that owns it, then record it.', code: 'not_token_owner' },
      });
      expect(await chain.api.db.prisma.nft.count({ where: { contractAddress: chain.nft.toLowerCase(), tokenId: tokenId.toString() } })).toBe(0);

      const created = await send('POST', '/nfts', token, {
        name: 'Test piece',
        contractAddress: chain.nft,
        tokenId: tokenId.toString(),
        ownerAddress: act.address(6), // ignored: the chain says who owns it
        status: 'approved',
      });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({
        name: 'Test piece',
        contractAddress: chain.nft.toLowerCase(),
        tokenId: tokenId.toString(),
        ownerAddress: act.address(5).toLowerCase(),
        status: 'minted',
        isApprovedForAuction: false,
        metadataUrl: 'ipfs://bafy-test-metadata',
      });
      expect((await send('POST', '/nfts', token, { name: 'Again', contractAddress: chain.nft, tokenId: tokenId.toString() })).status).toBe(409);
      expect((await send('POST', '/nfts', token, { name: 'Ghost', contractAddress: chain.nft, tokenId: '999999' })).status).toBe(422);

      const approveTx = await act.approve(5, tokenId);
      const path = `/nfts/token/${chain.nft}/${tokenId}`;
      // The approval itself is read from the chain at once; its transaction hash arrives when Ponder indexes the event.
      const approved = await eventually(() => get(path), { until: (r) => r.body.data?.status === 'approved' && r.body.data?.approveTxHash !== null, timeoutMs: 20_000, what: 'the approval' });
      expect(approved.body.data).toMatchObject({
        isApprovedForAuction: true,
        auctionContractAddress: chain.house.toLowerCase(),
        approveTxHash: approveTx,
        deployerAddress: act.address(0).toLowerCase(),
      });
      expect(approved.body.data.mintTxHash).toMatch(/^0x[0-9a-f]{64}$/);

      expect((await send('PATCH', path, otherToken, { name: 'Mine now' })).status).toBe(403);
      const renamed = await send('PATCH', `/nfts/${created.body.data.id}`, token, { name: 'Renamed', description: 'd' });
      expect(renamed.body.data).toMatchObject({ name: 'Renamed', status: 'approved' });

      const list = await get(`/nfts?ownerAddress=${act.address(5)}&status=approved&page=1&limit=10`);
      expect(list.body.data.map((n: any) => n.id)).toEqual([created.body.data.id]);
      // The figures count every token the indexer saw minted (ids count from 1), recorded or not.
      expect((await get('/nfts/stats')).body.data.total).toBe(Number(tokenId));

      expect((await send('DELETE', `/nfts/${created.body.data.id}`, otherToken)).status).toBe(403);
      expect((await send('DELETE', `/nfts/${created.body.data.id}`, token)).status).toBe(200);
      expect((await get(`/nfts/${created.body.data.id}`)).status).toBe(404);

      // An admin may record any token.
      const admin = await signIn(chain.api.url, (await createUser(chain.api.db, 'admin')).email);
      expect((await send('POST', '/nfts', admin, { name: 'Catalogued', contractAddress: chain.nft, tokenId: tokenId.toString() })).status).toBe(201);
    }, 120_000);

    it('follows a reorg: a bid that left the canonical chain leaves the api too', async () => {
      const { auctionId, tokenId } = await act.startAuction({ reserveWei: RESERVE });
      const lot = await linkLot(chain, auctionId, tokenId, RESERVE);
      await act.bid(2, auctionId, RESERVE);
      await eventually(() => lotOf(lot.id), { until: (l) => l.bidCount === 1, timeoutMs: 20_000, what: 'the first bid' });

      const snapshot = await act.rpc('evm_snapshot');
      await act.bid(3, auctionId, RESERVE * 3n);
      await eventually(() => lotOf(lot.id), { until: (l) => l.bidCount === 2, timeoutMs: 20_000, what: 'the bid that will be reorged out' });

      // Back to before that bid, then a longer fork with another bid: the old block is no longer canonical.
      await act.rpc('evm_revert', [snapshot]);
      await act.bid(4, auctionId, RESERVE * 2n);
      for (let i = 0; i < 3; i++) await act.rpc('evm_mine');

      const canonical = await eventually(() => lotOf(lot.id), { until: (l) => l.chain.highestBidder === act.address(4).toLowerCase(), timeoutMs: 20_000, what: 'the reorg' });
      expect(canonical).toMatchObject({ bidCount: 2, currentBid: '0.02' });
      const bids = await get(`/auctions/${lot.id}/bids`);
      expect(bids.body.data.map((x: any) => x.walletAddress)).toEqual([act.address(4).toLowerCase(), act.address(2).toLowerCase()]);
    }, 120_000);

    it('degrades while the indexer is down, then resumes without loss or duplicates', async () => {
      const { auctionId, tokenId } = await act.startAuction({ reserveWei: RESERVE });
      const lot = await linkLot(chain, auctionId, tokenId, RESERVE);
      const a = await bidderFor(6);
      streams.push(a.events);
      await act.bid(6, auctionId, RESERVE);
      await eventually(() => lotOf(lot.id), { until: (l) => l.bidCount === 1, timeoutMs: 20_000, what: 'the first bid' });

      await chain.stopIndexer();
      const stale = await get(`/auctions/${lot.id}`);
      expect(stale.status).toBe(200);
      expect(stale.body.data).toMatchObject({ bidCount: 1, currentBid: '0.01', chain: { stale: true, indexed: true } });
      const bidsDown = await get(`/auctions/${lot.id}/bids`);
      expect(bidsDown.status).toBe(503);
      expect(bidsDown.body.code).toBe('indexer_unavailable');
      expect((await get('/auctions?paymentMethod=ETH')).status).toBe(200);

      // The chain moves on while nobody indexes it.
      await act.bid(7, auctionId, RESERVE * 2n);
      await act.bid(6, auctionId, RESERVE * 3n);
      await act.bid(7, auctionId, RESERVE * 4n);

      await chain.startIndexer();
      const resumed = await eventually(() => lotOf(lot.id), { until: (l) => l.bidCount === 4 && l.chain.stale === false, timeoutMs: 30_000, what: 'the indexer to catch up' });
      expect(resumed).toMatchObject({ currentBid: '0.04', chain: { highestBidder: act.address(7).toLowerCase() } });
      const bids = await get(`/auctions/${lot.id}/bids`);
      expect(bids.body.pagination.total).toBe(4);
      expect(new Set(bids.body.data.map((x: any) => x.id)).size).toBe(4);
      const logs = await chain.publicClient.getContractEvents({
        address: chain.house,
        abi: (await import('@gavel/contracts')).gavelAuctionHouseAbi,
        eventName: 'AuctionBid',
        args: { auctionId },
        fromBlock: 0n,
      });
      expect(logs).toHaveLength(4);

      // Account 6 was outbid twice, both while the indexer was down: one notice each, once. A third outbid, after
      // the catch-up, is announced after any repeat of those two would have been.
      await act.bid(6, auctionId, RESERVE * 5n);
      await act.bid(7, auctionId, RESERVE * 6n);
      const amounts = () => a.events.events.filter((e) => e.type === 'outbid').map((e) => e.data.currentBidAmount as string);
      await eventually(async () => amounts(), { until: (seen) => seen.includes('0.06'), timeoutMs: 20_000, what: 'the outbid notice after the catch-up' });
      expect(amounts()).toEqual(['0.02', '0.04', '0.06']);
    }, 150_000);
  });
}
