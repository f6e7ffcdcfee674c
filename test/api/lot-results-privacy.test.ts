/**
 * An ended lot's results (winner name, winner wallet, final bid, sold price) go to signed-in users only, as the
 * spec's "Log in to view results" says: on every route that carries them, cached pages included. Signed-out
 * viewers learn that the lot ended. Signed-in viewers see the winner named as bid histories name bidders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@gavel/domain';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
import { openEvents, openUserEvents } from '../support/sse.ts';
import { closeLotAndAnnounce } from '../../api/src/closing/close-lot.ts';

// Not an EVM address: the wins of one are looked up on the indexer, which this stack does not run.
const WALLET = 'tb1qwinnerwallet7x8y9z0000000000000000';
const WINNER_NAME = 'Winona Winner';
const MASKED = 'W***r';

let stack: TestStack;
let viewerToken: string;
let lotId: string;

const get = async (path: string, token?: string) => {
  const res = await fetch(stack.url + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, text: await res.text() };
};
const bid = async (token: string, id: string, amount: number) => {
  const res = await fetch(`${stack.url}/auctions/${id}/bids`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ amount }) });
  expect(res.status).toBe(201);
};
/** Whatever the reply is, none of it names the winner or the price. */
const expectNoResults = (text: string) => {
  for (const secret of [WINNER_NAME, 'Winona', WALLET, '12.00', '1200']) expect(text).not.toContain(secret);
};

beforeAll(async () => {
  stack = await startApiForTest({ seed: 'none' });
  viewerToken = await signIn(stack.url, (await createUser(stack.db, 'ready')).email);
  // A Manual lot starting at 10.00, won at 12.00 by a bidder with a wallet on record.
  const lot = await createLot(stack.db, { startingBid: 1000n });
  lotId = lot.id;
  const loser = await createUser(stack.db, 'ready');
  const winner = await createUser(stack.db, 'ready');
  await stack.db.prisma.user.update({ where: { id: winner.id }, data: { name: WINNER_NAME, firstName: 'Winona', lastName: 'Winner' } });
  await bid(await signIn(stack.url, loser.email), lotId, 10);
  await bid(await signIn(stack.url, winner.email), lotId, 12);
  await stack.db.prisma.lot.update({ where: { id: lotId }, data: { endTime: new Date(Date.now() - 1) } });
  expect((await closeLotAndAnnounce(stack.services, lotId)).closed).toBe(true);
  await stack.db.prisma.lot.update({ where: { id: lotId }, data: { winnerWalletAddress: WALLET, txHash: '0xpaid', transferTransactionHash: '0xdelivered' } });
  // The winning bid was placed from that wallet: a wallet's list of bids is another door to the result.
  await stack.db.prisma.bid.updateMany({ where: { lotId, userId: winner.id }, data: { walletAddress: WALLET } });
});
afterAll(() => stack?.stop());

describe("an ended lot's results", () => {
  it.each(['/auctions/', '/lots/'])('GET %s:id shows a signed-out viewer only that it ended, a signed-in one the result', async (path) => {
    const anonymous = await get(path + lotId);
    expect(anonymous.status).toBe(200);
    expect(JSON.parse(anonymous.text).data).toMatchObject({ status: 'ended', resultsHidden: true, currentBid: null, soldPrice: null, winner: null, txHash: null, transferTransactionHash: null });
    expect(JSON.parse(anonymous.text).data.settlement).toBeUndefined();
    expectNoResults(anonymous.text);

    const signedIn = JSON.parse((await get(path + lotId, viewerToken)).text).data;
    expect(signedIn).toMatchObject({
      resultsHidden: false,
      currentBid: '12.00',
      soldPrice: '12.00',
      winner: { name: MASKED, firstName: null, lastName: null, walletAddress: WALLET },
      settlement: { state: 'awaiting_payment' },
    });
    expect(JSON.stringify(signedIn)).not.toContain('Winona');
  });

  it.each(['/auctions?status=ended', '/lots?status=ended'])('GET %s hides the results from signed-out viewers, whoever filled the page cache first', async (path) => {
    const pick = (text: string) => JSON.parse(text).data.find((lot: { _id: string }) => lot._id === lotId);
    const expectHidden = (text: string) => {
      expect(pick(text)).toMatchObject({ resultsHidden: true, currentBid: null, soldPrice: null, winner: null });
      expectNoResults(text);
    };
    const expectShown = (text: string) => expect(pick(text)).toMatchObject({ resultsHidden: false, soldPrice: '12.00', winner: { name: MASKED, firstName: null } });
    // Each viewer in turn after the other filled the page cache: no one is served the other's page.
    for (const order of [
      ['signed in', 'signed out'],
      ['signed out', 'signed in'],
    ]) {
      stack.services.browseCache.invalidate();
      for (const viewer of order) {
        const reply = await get(path, viewer === 'signed in' ? viewerToken : undefined);
        if (viewer === 'signed in') expectShown(reply.text);
        else expectHidden(reply.text);
      }
    }
  });

  it('matches an ended lot on its starting bid in a signed-out price filter, so a range cannot find its final price', async () => {
    const ids = async (query: string, token?: string) => JSON.parse((await get(`/auctions?paymentMethod=Manual&status=ended&${query}`, token)).text).data.map((lot: { _id: string }) => lot._id);
    expect(await ids('minPrice=11.50&maxPrice=12.50')).not.toContain(lotId);
    expect(await ids('minPrice=9.50&maxPrice=10.50')).toContain(lotId);
    expect(await ids('minPrice=11.50&maxPrice=12.50', viewerToken)).toContain(lotId);
  });

  it('refuses the bid history of an ended lot to signed-out callers, on both paths, and shows a live one', async () => {
    for (const path of [`/auctions/${lotId}/bids`, `/auctions-v2/lots/${lotId}/bids`]) {
      const refused = await get(path);
      expect(refused.status).toBe(401);
      expect(JSON.parse(refused.text)).toEqual({ message: messages.browse.logInForResults, code: 'results_need_sign_in' });
      expectNoResults(refused.text);
      const shown = await get(path, viewerToken);
      expect(JSON.parse(shown.text).data.map((b: { amount: string }) => b.amount)).toEqual(['12.00', '10.00']);
    }
    const live = await createLot(stack.db);
    expect((await get(`/auctions/${live.id}/bids`)).status).toBe(200);
  });

  it("refuses a wallet's wins to signed-out callers and lists them for signed-in ones", async () => {
    const refused = await get(`/auctions/won/${WALLET}`);
    expect(refused.status).toBe(401);
    expectNoResults(refused.text);
    const won = JSON.parse((await get(`/auctions/won/${WALLET}`, viewerToken)).text);
    expect(won.data.map((lot: { _id: string }) => lot._id)).toEqual([lotId]);
    expect(won.data[0]).toMatchObject({ soldPrice: '12.00', winner: { name: MASKED, walletAddress: WALLET } });
    expect(JSON.stringify(won)).not.toContain('Winona');
  });

  it("lists a wallet's bids on the ended lot to signed-in callers only, whose history masks the bidder as the lot does", async () => {
    const anonymous = await get(`/auctions/bids/user/${WALLET}`);
    expect(anonymous.status).toBe(200);
    expect(JSON.parse(anonymous.text)).toMatchObject({ data: [], pagination: { total: 0 } });
    const signedIn = JSON.parse((await get(`/auctions/bids/user/${WALLET}`, viewerToken)).text);
    expect(signedIn.data).toMatchObject([{ auctionId: lotId, amount: '12.00', bidder: { displayName: MASKED } }]);
  });

  it('walks every public GET route of the published contract as a signed-out visitor: no reply gives the amount or the winner', async () => {
    const openapi = JSON.parse((await get('/openapi.json')).text) as { paths: Record<string, { get?: { security?: unknown } }> };
    const event = await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lotId }, select: { auctionEvent: { select: { id: true, slug: true } } } });
    const values: Record<string, string> = { address: WALLET, slug: event.auctionEvent.slug, auctionEventId: event.auctionEvent.id };
    const walked: string[] = [];
    for (const [template, operations] of Object.entries(openapi.paths)) {
      // Signed-in routes answer 401 to a visitor; the event stream never ends (its close is checked below).
      if (!operations.get || operations.get.security || template === '/events') continue;
      const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? lotId));
      const { text } = await get(path);
      // A route about a wallet may name the wallet it was asked about; nothing else may tie it to the lot.
      const reply = template.includes('{address}') ? text.replaceAll(WALLET, '') : text;
      for (const secret of [WINNER_NAME, 'Winona', MASKED, WALLET, '"12.00"']) expect(reply, `GET ${path}`).not.toContain(secret);
      walked.push(template);
    }
    expect(walked).toEqual(expect.arrayContaining(['/auctions/{id}', '/lots/{id}', '/auctions', '/auctions/bids/user/{address}', '/auctions/{id}/bids', '/auctions/seller/{address}']));
  });
});

describe('the close on the event stream', () => {
  it('tells a signed-out watcher that the lot ended without its final bid, and a signed-in one the price', async () => {
    const lot = await createLot(stack.db, { startingBid: 1000n });
    const bidder = await signIn(stack.url, (await createUser(stack.db, 'ready')).email);
    const watcher = await openEvents(`${stack.url}/events?lot=${lot.id}`);
    const member = await openUserEvents(stack.url, viewerToken, [lot.id]);
    await Promise.all([watcher.next('ready'), member.next('ready')]);
    // The bid is announced after its reply: both streams hear it before the close, so the next lot event is the close.
    await bid(bidder, lot.id, 15);
    expect((await watcher.next('lot')).data).toMatchObject({ status: 'live', currentBid: '15.00' });
    expect((await member.next('lot')).data).toMatchObject({ status: 'live', currentBid: '15.00' });
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { endTime: new Date(Date.now() - 1) } });
    await closeLotAndAnnounce(stack.services, lot.id);
    expect((await watcher.next('lot')).data).toMatchObject({ lotId: lot.id, status: 'ended', currentBid: null });
    expect((await member.next('lot')).data).toMatchObject({ lotId: lot.id, status: 'ended', currentBid: '15.00' });
    watcher.close();
    member.close();
  });
});
