import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotListSchema, lotReplySchema, phaseOf, shownStatus, type Lot } from '@gavel/domain';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { DEMO_PASSWORD } from '../../scripts/seed/accounts.ts';

let stack: TestStack;
const get = async (path: string, token?: string) => {
  const res = await fetch(stack.url + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: (await res.json()) as any };
};
const list = async (query: string, token?: string): Promise<Lot[]> => {
  const { status, body } = await get(`/auctions?${query}`, token);
  expect(status).toBe(200);
  return lotListSchema.parse(body).data;
};

beforeAll(async () => {
  stack = await startApiForTest({ seed: 'demo' });
});
afterAll(() => stack?.stop());

describe('GET /auctions', () => {
  it('lists published lots 20 at a time in the shape of the domain schema', async () => {
    const { body } = await get('/auctions');
    const page = lotListSchema.parse(body);
    expect(page.data).toHaveLength(20);
    expect(page.pagination).toMatchObject({ total: 48, limit: 20, offset: 0, page: 1, totalPages: 3, hasMore: true });
  });

  it('sends a page gzipped to a client that accepts it, and as plain JSON to one that does not', async () => {
    const zipped = await fetch(`${stack.url}/auctions`, { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('content-type')).toMatch(/application\/json/);
    expect(zipped.headers.get('vary')).toMatch(/accept-encoding/i);
    const page = lotListSchema.parse(await zipped.json());
    expect(page.data).toHaveLength(20);
    const plain = await fetch(`${stack.url}/auctions`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(lotListSchema.parse(await plain.json()).data.map((lot) => lot.lotId)).toEqual(page.data.map((lot) => lot.lotId));
  });

  it('opens on live lots ending soonest, then upcoming starting soonest, then ended latest first, page after page', async () => {
    const now = new Date();
    const all = await list('limit=100');
    const rank = { live: 0, upcoming: 1, ended: 2, cancelled: 2 } as const;
    const ranks = all.map((l) => rank[phaseOf(shownStatus(l, now)) as keyof typeof rank]);
    expect(ranks).toEqual([...ranks].sort());
    expect(ranks[0]).toBe(0);
    const of = (r: number, key: (l: Lot) => number) => all.filter((_, i) => ranks[i] === r).map(key);
    const liveEnds = of(0, (l) => Date.parse(l.endTime));
    const upcomingStarts = of(1, (l) => Date.parse(l.startTime));
    const endedEnds = of(2, (l) => Date.parse(l.endTime));
    for (const keys of [liveEnds, upcomingStarts, endedEnds.map((t) => -t)]) {
      expect(keys.length).toBeGreaterThan(0);
      expect(keys).toEqual([...keys].sort((a, b) => a - b));
    }
    const paged = [...(await list('limit=7')), ...(await list('limit=7&offset=7')), ...(await list('page=2&pageSize=7'))];
    expect(paged.map((l) => l._id)).toEqual([...all.slice(0, 7), ...all.slice(7, 14), ...all.slice(7, 14)].map((l) => l._id));
  });

  it('sorts newest listed, by most bids, and by price without revealing ended prices to signed-out viewers', async () => {
    const created = (await list('sort=createdAt&limit=100')).map((l) => Date.parse(l.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const bids = (await list('sort=bids&limit=100')).map((l) => l.bidCount);
    expect(bids).toEqual([...bids].sort((a, b) => b - a));
    expect(bids[0]).toBeGreaterThan(0);
    const fewest = (await list('sort=bids&order=asc&limit=100')).map((l) => l.bidCount);
    expect(fewest).toEqual([...fewest].sort((a, b) => a - b));
    // Signed out, an ended lot is ordered by its starting bid: what the viewer is shown (its current bid is withheld).
    for (const order of ['asc', 'desc'] as const) {
      const anonymous = await list(`paymentMethod=BTC&sort=price&order=${order}&limit=100`);
      expect(anonymous.some((l) => l.resultsHidden)).toBe(true);
      const shown = anonymous.map((l) => BigInt(l.currentBid ?? l.startingBid));
      const sorted = [...shown].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      expect(shown).toEqual(order === 'asc' ? sorted : sorted.reverse());
    }
  });

  it('searches titles and descriptions by a word, and inscription and token ids whole', async () => {
    const [sample] = await list('limit=1');
    const base = await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: sample!._id } });
    const inscriptionId = `${'ab'.repeat(32)}i0`;
    const make = (title: string, extra: object) =>
      stack.db.prisma.lot.create({
        data: {
          auctionEventId: base.auctionEventId,
          title,
          published: true,
          paymentMethod: base.paymentMethod,
          startingBid: base.startingBid,
          currentPrice: base.startingBid,
          startTime: base.startTime,
          endTime: base.endTime,
          status: base.status,
          ...extra,
        },
      });
    const described = await make('Plain title one', { description: 'A weathered quokkaglyph carved in 1911.' });
    const inscribed = await make('Plain title two', { inscriptionId });
    const tokened = await make('Plain title three', { contractAddress: `0x${'1'.repeat(40)}`, tokenId: '987654321' });
    try {
      expect((await list('search=QUOKKAGLYPH')).map((l) => l._id)).toEqual([described.id]);
      expect((await list(`search=${inscriptionId.toUpperCase()}`)).map((l) => l._id)).toEqual([inscribed.id]);
      expect((await list('search=987654321')).map((l) => l._id)).toEqual([tokened.id]);
      // Ids match whole, so a fragment finds nothing; wildcards are taken literally.
      expect(await list(`search=${inscriptionId.slice(0, 20)}`)).toEqual([]);
      expect(await list('search=%25')).toEqual([]);
    } finally {
      await stack.db.prisma.lot.deleteMany({ where: { id: { in: [described.id, inscribed.id, tokened.id] } } });
    }
  });

  it('pages with limit/offset and page/pageSize alike, without repeats', async () => {
    const byOffset = await list('limit=10&offset=10');
    const byPage = await list('page=2&pageSize=10');
    expect(byPage.map((l) => l._id)).toEqual(byOffset.map((l) => l._id));
    const first = await list('limit=10');
    expect(first.map((l) => l._id)).not.toContain(byOffset[0]!._id);
  });

  it('filters by status with the lot clock', async () => {
    const now = new Date();
    for (const status of ['live', 'upcoming', 'ended'] as const) {
      const lots = await list(`status=${status}&limit=100`);
      expect(lots.length).toBeGreaterThan(0);
      for (const lot of lots) expect(phaseOf(shownStatus(lot, now))).toBe(status);
    }
    const onchainNames = await list('status=timeStarted&limit=100');
    expect(onchainNames.map((l) => l._id).sort()).toEqual((await list('status=LIVE&limit=100')).map((l) => l._id).sort());
  });

  it('lists a lot whose end has passed as ended even while its start is ahead, as the lot clock shows it', async () => {
    const event = await stack.db.prisma.auctionEvent.findFirstOrThrow({ where: { published: true } });
    const hour = 3_600_000;
    const lot = await stack.db.prisma.lot.create({
      data: {
        auctionEventId: event.id,
        title: `Clock edge ${Date.now()}`,
        paymentMethod: 'Manual',
        startingBid: '100',
        currentPrice: '100',
        status: 'upcoming',
        published: true,
        startTime: new Date(Date.now() + hour),
        endTime: new Date(Date.now() - hour),
      },
    });
    try {
      const search = `search=${encodeURIComponent(lot.title)}`;
      expect(await list(`status=upcoming&${search}`)).toEqual([]);
      expect((await list(`status=ended&${search}`)).map((l) => l._id)).toEqual([lot.id]);
    } finally {
      // The other tests count the demo's lots.
      await stack.db.prisma.lot.delete({ where: { id: lot.id } });
    }
  });

  it('finds by a search the lots whose stored status lags the clock, in the phase the clock shows, and each status in none', async () => {
    const event = await stack.db.prisma.auctionEvent.findFirstOrThrow({ where: { published: true } });
    const hour = 3_600_000;
    const word = `Lagword${Date.now()}`;
    const at = (hours: number) => new Date(Date.now() + hours * hour);
    // Stored as no sweep or close has left them (this stack runs no worker).
    const shapes = {
      endedStillLive: { status: 'live', startTime: at(-2), endTime: at(-1) },
      liveStillUpcoming: { status: 'upcoming', startTime: at(-1), endTime: at(1) },
      upcomingStoredLive: { status: 'live', startTime: at(1), endTime: at(2) },
      closedEarly: { status: 'ended', startTime: at(-1), endTime: at(1) },
      cancelled: { status: 'cancelled', startTime: at(-1), endTime: at(1) },
    } as const;
    const ids: Record<string, string> = {};
    for (const [name, shape] of Object.entries(shapes)) {
      const lot = await stack.db.prisma.lot.create({
        data: { auctionEventId: event.id, title: `${word} ${name}`, paymentMethod: 'Manual', startingBid: '100', currentPrice: '100', published: true, ...shape },
      });
      ids[name] = lot.id;
    }
    try {
      const found = async (query: string) => (await list(`search=${word.toLowerCase()}&limit=100${query}`)).map((l) => l._id).sort();
      const sorted = (...names: string[]) => names.map((name) => ids[name]).sort();
      expect(await found('&status=ended')).toEqual(sorted('endedStillLive', 'closedEarly'));
      expect(await found('&status=live')).toEqual(sorted('liveStillUpcoming'));
      expect(await found('&status=upcoming')).toEqual(sorted('upcomingStoredLive'));
      expect(await found('')).toEqual(sorted(...Object.keys(shapes)));
      expect(await found('&status=live&paymentMethod=Manual&sort=title&order=asc')).toEqual(sorted('liveStillUpcoming'));
      const admin = await signIn(stack.url, 'admin@gavel.test', DEMO_PASSWORD);
      const { status, body } = await get(`/admin/auctions?search=${word.toLowerCase()}&limit=100`, admin);
      expect(status).toBe(200);
      expect(body.data.map((l: { _id: string }) => l._id).sort()).toEqual(sorted(...Object.keys(shapes)));
      const ended = await get(`/admin/auctions?search=${word.toLowerCase()}&status=ended&limit=100`, admin);
      expect(ended.body.data.map((l: { _id: string }) => l._id).sort()).toEqual(sorted('endedStillLive', 'closedEarly'));
      expect(ended.body.pagination.total).toBe(2);
      // A search's % and _ are characters, not wildcards, for the admin as for the public.
      for (const wildcard of ['%25', '_']) expect((await get(`/admin/auctions?search=${word.slice(0, 4)}${wildcard}${word.slice(5)}&limit=100`, admin)).body.data).toEqual([]);
      expect(await list(`search=${word.slice(0, 4)}_${word.slice(5)}`)).toEqual([]);
    } finally {
      // The other tests count the demo's lots.
      await stack.db.prisma.lot.deleteMany({ where: { id: { in: Object.values(ids) } } });
    }
  });

  it('filters by payment method, event, search and price in the lot unit', async () => {
    const eth = await list('paymentMethod=ETH&limit=100');
    expect(eth.length).toBeGreaterThan(0);
    expect(eth.every((l) => l.paymentMethod === 'ETH' && l.unit === 'ETH')).toBe(true);

    const event = eth[0]!.auctionEventId;
    expect((await list(`auctionEventId=${event}&limit=100`)).every((l) => l.auctionEventId === event)).toBe(true);

    const found = await list('search=ORDINAL%20waves');
    expect(found.map((l) => l.title).sort()).toEqual(['Ordinal Waves I', 'Ordinal Waves II']);

    const cheapEth = await list('paymentMethod=ETH&maxPrice=0.02&limit=100');
    expect(cheapEth.length).toBeGreaterThan(0);
    for (const lot of cheapEth) expect(Number(lot.currentBid ?? lot.startingBid)).toBeLessThanOrEqual(0.02);
    const dearUsd = await list('paymentMethod=Manual&minPrice=400&limit=100');
    for (const lot of dearUsd) expect(Number(lot.currentBid ?? lot.startingBid)).toBeGreaterThanOrEqual(400);
  });

  it('sorts by price and by end time in either order', async () => {
    // Prices as a signed-in viewer sees them: ended lots' final bids included.
    const token = await signIn(stack.url, (await createUser(stack.db, 'ready')).email);
    const prices = (await list('paymentMethod=BTC&sort=price&order=asc&limit=100', token)).map((l) => BigInt(l.currentBid ?? l.startingBid));
    expect(prices).toEqual([...prices].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const ends = (await list('sort=endTime&order=desc&limit=100')).map((l) => Date.parse(l.endTime));
    expect(ends).toEqual([...ends].sort((a, b) => b - a));
  });

  it('selects lots open inside a date window', async () => {
    const from = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const lots = await list(`startDate=${from}&limit=100`);
    for (const lot of lots) expect(Date.parse(lot.endTime)).toBeGreaterThanOrEqual(Date.parse(from));
  });

  it('keeps the reserve price secret but says whether it is met', async () => {
    const { body } = await get('/auctions?limit=100');
    const text = JSON.stringify(body);
    expect(text).not.toContain('reservePrice');
    expect(body.data.some((l: Lot) => l.hasReserve && !l.reserveMet)).toBe(true);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['offset=-1', 'offset'],
    ['page=0', 'page'],
    ['status=sold', 'status'],
    ['paymentMethod=DOGE', 'paymentMethod'],
    ['minPrice=-5', 'minPrice'],
    ['maxPrice=abc', 'maxPrice'],
    ['startDate=yesterday', 'startDate'],
    ['startDate=99999-01-01', 'startDate'],
    ['endDate=0000-06-01', 'endDate'],
    ['sort=random', 'sort'],
    ['order=sideways', 'order'],
  ])('answers %s with a 400 naming %s', async (query, field) => {
    const { status, body } = await get(`/auctions?${query}`);
    expect(status).toBe(400);
    expect(body.code).toBe('validation_failed');
    expect(Object.keys(body.fields)).toContain(field);
    expect(body.message).toContain(field);
  });
});

describe('GET /lots', () => {
  it('takes the v2 parameter names', async () => {
    const { body } = await get('/lots?chainType=ONCHAIN&sortBy=price&sortOrder=desc&pageSize=5&page=2');
    const page = lotListSchema.parse(body);
    expect(page.data).toHaveLength(5);
    expect(page.pagination.page).toBe(2);
    expect(page.data.every((l) => l.chainType === 'ONCHAIN')).toBe(true);
    expect((await get('/lots?chainType=sideways')).status).toBe(400);
  });
});

describe('GET /auctions/:id and /lots/:id', () => {
  it('returns one lot, and the spec message when it does not exist', async () => {
    const [lot] = await list('limit=1');
    for (const path of [`/auctions/${lot!._id}`, `/lots/${lot!._id}`]) {
      const { status, body } = await get(path);
      expect(status).toBe(200);
      expect(lotReplySchema.parse(body).data.title).toBe(lot!.title);
    }
    expect(await get('/auctions/does-not-exist')).toEqual({ status: 404, body: { message: 'Auction not found', code: 'not_found' } });
  });

  it('hides unpublished lots', async () => {
    const [lot] = await list('limit=1');
    await stack.db.prisma.lot.update({ where: { id: lot!._id }, data: { published: false } });
    expect((await get(`/auctions/${lot!._id}`)).status).toBe(404);
    await stack.db.prisma.lot.update({ where: { id: lot!._id }, data: { published: true } });
  });

  it('shows the winner and sold price of ended lots to signed-in viewers, and only that they ended to others', async () => {
    const token = await signIn(stack.url, (await createUser(stack.db, 'ready')).email);
    const ended = await list('status=ended&limit=100', token);
    const anonymous = await list('status=ended&limit=100');
    expect(anonymous.map((l) => l._id)).toEqual(ended.map((l) => l._id));
    for (const lot of anonymous) expect(lot).toMatchObject({ resultsHidden: true, winner: null, soldPrice: null, currentBid: null });
    const sold = ended.filter((l) => l.winner);
    expect(sold.length).toBeGreaterThan(0);
    for (const lot of sold) {
      expect(lot.soldPrice).toBe(lot.currentBid);
      expect(lot.winner!.name).toBeTruthy();
    }
    expect(ended.some((l) => l.bidCount === 0 && !l.winner)).toBe(true);
  });
});

describe('auction events', () => {
  it('lists, finds by id and by slug, and filters', async () => {
    const { body } = await get('/auction-events');
    expect(body.data).toHaveLength(4);
    const event = body.data.find((e: any) => e.slug === 'genesis-ordinals');
    expect(event.lotCount).toBeGreaterThan(0);
    expect((await get(`/auction-events/${event._id}`)).body.data.slug).toBe('genesis-ordinals');
    expect((await get('/auction-events/slug/genesis-ordinals')).body.data._id).toBe(event._id);
    expect((await get('/auction-events/slug/nope')).status).toBe(404);
    expect((await get('/auction-events?status=ended')).body.data.map((e: any) => e.slug)).toEqual(['autumn-evening-sale']);
    expect((await get('/auction-events?search=canvas')).body.data).toHaveLength(1);
    expect((await get('/auction-events?limit=2&page=2')).body.data).toHaveLength(2);
    expect((await get('/auction-events?limit=0')).status).toBe(400);
  });
});

describe('images', () => {
  it('serves seeded images at /ipfs/:cid with their real content id', async () => {
    const [lot] = await list('limit=1');
    const url = lot!.imageUrls[0]!;
    const res = await fetch(stack.url + url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    const { ContentStore } = await import('../../api/src/storage/content-store.ts');
    expect(`/ipfs/${await ContentStore.cidOf(new Uint8Array(await res.arrayBuffer()))}`).toBe(url);
    expect((await fetch(`${stack.url}/ipfs/not-a-cid`)).status).toBe(404);
  });
});
