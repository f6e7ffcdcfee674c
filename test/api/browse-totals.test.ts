/**
 * Browsing a catalogue larger than the exact count: every order, filter and page against the plain query that
 * states the rules (one WHERE, one ORDER BY, LIMIT and OFFSET), and the total exact when small and labelled an
 * estimate when large.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotListSchema, type LotList } from '@gavel/domain';
import { Prisma } from '../../api/src/generated/prisma/client.ts';
import { phaseWhere, type Phase } from '../../api/src/lots/clock-sql.ts';
import { EXACT_UP_TO } from '../../api/src/lots/browse-total.ts';
import { seedManyLots } from '../bench/seed-lots.ts';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';

const { sql, join, empty } = Prisma;
const LOTS = 1_200;

let stack: TestStack;
let token: string;

beforeAll(async () => {
  stack = await startApiForTest({
    // Every reply computed afresh; the estimate of a large filter stays cached, as in production.
    env: { BROWSE_CACHE_TTL_MS: '0' },
    seed: async (db) => {
      await seedManyLots(db, LOTS);
      // Bids on some lots, so ended lots' final prices differ from their starting bids, and bid counts tie.
      await db.sql(`UPDATE "Lot" SET "currentBid" = "startingBid" + 4000, "currentPrice" = "startingBid" + 4000, "bidCount" = 1 + "lotNumber" % 4
        WHERE "title" LIKE '%Orb' OR "title" LIKE '%Glyph' OR "lotNumber" % 7 = 0`);
      await db.sql(`UPDATE "Lot" SET "status" = 'cancelled' WHERE "lotNumber" % 97 = 0`);
      await db.sql('VACUUM ANALYZE "Lot"');
    },
  });
  token = await signIn(stack.url, (await createUser(stack.db, 'ready')).email);
}, 120_000);
afterAll(() => stack?.stop());

interface Combination {
  status?: Phase;
  paymentMethod?: 'BTC' | 'Manual';
  sort?: string;
  order?: 'asc' | 'desc';
  search?: string;
  prices?: boolean;
  offset: number;
  signedIn: boolean;
  /** `pagination.next` of an earlier page. */
  after?: string;
}

const PRICE_RANGES = { BTC: [50n, 400n], ETH: [50n * 10n ** 18n, 400n * 10n ** 18n], Manual: [5_000n, 40_000n] } as const;

/** The rules as one plain query: what the indexed reads must agree with, row for row. */
function plainQuery(c: Combination, now: Date, limit: number): Prisma.Sql {
  const ended = phaseWhere('ended', now);
  const price = c.signedIn ? sql`"currentPrice"` : sql`(CASE WHEN ${ended} THEN "startingBid" ELSE "currentPrice" END)`;
  const and = [sql`"published"`];
  if (c.status) and.push(phaseWhere(c.status, now));
  if (c.paymentMethod) and.push(sql`"paymentMethod" = ${c.paymentMethod}::"PaymentMethod"`);
  if (c.search) and.push(sql`("title" ILIKE ${`%${c.search}%`} OR "description" ILIKE ${`%${c.search}%`})`);
  if (c.prices) {
    const methods = c.paymentMethod ? [c.paymentMethod] : (['BTC', 'ETH', 'Manual'] as const);
    and.push(
      sql`(${join(
        methods.map((m) => sql`("paymentMethod" = ${m}::"PaymentMethod" AND ${price} BETWEEN ${String(PRICE_RANGES[m][0])}::numeric AND ${String(PRICE_RANGES[m][1])}::numeric)`),
        ' OR ',
      )})`,
    );
  }
  const direction = (c.order ?? (c.sort === 'createdAt' || c.sort === 'bids' ? 'desc' : 'asc')) === 'desc' ? sql`DESC` : sql`ASC`;
  const columns: Record<string, Prisma.Sql> = { endTime: sql`"endTime"`, startTime: sql`"startTime"`, createdAt: sql`"createdAt"`, title: sql`"title"`, bids: sql`"bidCount"`, price };
  const rank = sql`(CASE WHEN ${phaseWhere('live', now)} THEN 0 WHEN ${phaseWhere('upcoming', now)} THEN 1 ELSE 2 END)`;
  const order = c.sort
    ? sql`${columns[c.sort]!} ${direction}, "id" ${direction}`
    : sql`${rank}, (CASE ${rank} WHEN 0 THEN extract(epoch FROM "endTime") WHEN 1 THEN extract(epoch FROM "startTime") ELSE -extract(epoch FROM "endTime") END), "id"`;
  return sql`SELECT "id" FROM "Lot" WHERE ${join(and, ' AND ')} ORDER BY ${order} ${limit ? sql`LIMIT ${limit} OFFSET ${c.offset}` : empty}`;
}

function urlOf(c: Combination, limit: number): string {
  const query = new URLSearchParams({ limit: String(limit), offset: String(c.offset) });
  for (const key of ['status', 'paymentMethod', 'sort', 'order', 'search', 'after'] as const) if (c[key]) query.set(key, c[key]!);
  if (c.prices) {
    query.set('minPrice', '50');
    query.set('maxPrice', '400');
  }
  return `/auctions?${query}`;
}

async function browse(c: Combination, limit = 20): Promise<LotList> {
  const res = await fetch(stack.url + urlOf(c, limit), { headers: c.signedIn ? { authorization: `Bearer ${token}` } : {} });
  expect(res.status).toBe(200);
  return lotListSchema.parse(await res.json());
}

/** A seeded draw of combinations, so a failure names one that can be run again. */
function combinations(count: number): Combination[] {
  let seed = 7;
  const pick = <T>(from: readonly T[]): T => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return from[seed % from.length]!;
  };
  const sorts = [[], ['endTime', 'asc'], ['endTime', 'desc'], ['startTime'], ['createdAt'], ['bids'], ['bids', 'asc'], ['price', 'asc'], ['price', 'desc'], ['title']] as const;
  return Array.from({ length: count }, () => {
    const [sort, order] = pick(sorts);
    // 'lot 1' is in 311 titles (lots 1, 10 to 19, 100 to 199 and 1000 to 1199): more than the exact count, and common
    // enough to be found by the first lots read in order (a search's probe).
    const extra = pick(['none', 'none', 'orb', 'glyph', 'lot 1', 'prices'] as const);
    return {
      status: pick([undefined, 'live', 'upcoming', 'ended', 'active', 'cancelled'] as const),
      paymentMethod: pick([undefined, undefined, 'BTC', 'Manual'] as const),
      sort,
      order,
      search: extra === 'orb' || extra === 'glyph' || extra === 'lot 1' ? extra : undefined,
      prices: extra === 'prices',
      offset: pick([0, 0, 20, 180, 980, 1_180]),
      signedIn: pick([true, false]),
    };
  });
}

describe('browsing past the exact count', () => {
  it('pages every order and filter as the plain query does, with the total exact up to the cap and estimated past it', async () => {
    for (const c of combinations(160)) {
      const now = new Date();
      const expected = (await stack.db.prisma.$queryRaw<{ id: string }[]>(plainQuery(c, now, 20))).map((row) => row.id);
      const all = (await stack.db.prisma.$queryRaw<{ id: string }[]>(plainQuery(c, now, 0))).length;
      const page = await browse(c);
      const label = urlOf(c, 20) + (c.signedIn ? ' (signed in)' : '');
      expect(
        page.data.map((lot) => lot._id),
        label,
      ).toEqual(expected);
      expect(page.pagination.hasMore, label).toBe(c.offset + 20 < all);
      if (all <= EXACT_UP_TO) expect(page.pagination, label).toMatchObject({ total: all, totalExact: true });
      else {
        expect(page.pagination.totalExact, label).toBe(false);
        expect(page.pagination.total, label).toBeGreaterThan(EXACT_UP_TO);
      }
      // The next page read from this one's last place is the next page by offset.
      expect(page.pagination.next !== null, label).toBe(page.pagination.hasMore);
      if (!page.pagination.next) continue;
      const byPlace = await browse({ ...c, offset: 0, after: page.pagination.next });
      const following = (await stack.db.prisma.$queryRaw<{ id: string }[]>(plainQuery({ ...c, offset: c.offset + 20 }, now, 20))).map((row) => row.id);
      expect(
        byPlace.data.map((lot) => lot._id),
        `${label} then after`,
      ).toEqual(following);
      expect(byPlace.pagination, `${label} then after`).toMatchObject({ offset: c.offset + 20, page: c.offset / 20 + 2, hasMore: c.offset + 40 < all });
    }
  });

  it('walks a large result page after page by place, as by offset, in every order', async () => {
    for (const [sort, order] of [
      [undefined, undefined],
      ['price', 'desc'],
      ['endTime', 'asc'],
      ['bids', 'desc'],
      ['title', 'asc'],
    ] as const) {
      const c: Combination = { offset: 0, signedIn: false, sort, order, paymentMethod: 'Manual' };
      const all = (await stack.db.prisma.$queryRaw<{ id: string }[]>(plainQuery(c, new Date(), 0))).map((row) => row.id);
      const walked: string[] = [];
      let after: string | undefined;
      do {
        const page = await browse({ ...c, after }, 100);
        walked.push(...page.data.map((lot) => lot._id));
        after = page.pagination.next ?? undefined;
      } while (after);
      expect(walked, `${sort ?? 'default'} ${order ?? ''}`).toEqual(all);
    }
  });

  it('refuses a place that is not one of this order', async () => {
    const page = await browse({ offset: 0, signedIn: false, sort: 'createdAt' });
    for (const after of ['nonsense', page.pagination.next!, Buffer.from(JSON.stringify({ order: 'createdAt:desc', key: ['x'], id: 'a', offset: 20 })).toString('base64url')]) {
      const res = await fetch(`${stack.url}/auctions?sort=title&after=${after}`);
      if (after === page.pagination.next) expect((await fetch(`${stack.url}/auctions?sort=createdAt&after=${after}`)).status).toBe(200);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { fields: Record<string, string> }).fields).toHaveProperty('after');
    }
  });

  it('labels the total of a large result an estimate, near the real count, and finds the last page exactly', async () => {
    const first = await browse({ offset: 0, signedIn: false, sort: 'createdAt' });
    expect(first.pagination.totalExact).toBe(false);
    expect(first.pagination.total).toBeGreaterThan(LOTS / 2);
    expect(first.pagination.total).toBeLessThan(LOTS * 2);
    const last = await browse({ offset: LOTS - 20, signedIn: false, sort: 'createdAt' });
    expect(last.data).toHaveLength(20);
    expect(last.pagination.hasMore).toBe(false);
    expect(last.pagination.total).toBeGreaterThanOrEqual(LOTS);
    // A search that many lots match is estimated too, and its pages are read in order as the plain query's are.
    const common = { offset: 180, signedIn: false, search: 'lot 1', sort: 'title' } as const;
    const found = await browse(common);
    expect(found.pagination.totalExact).toBe(false);
    expect(found.pagination.total).toBeGreaterThan(EXACT_UP_TO);
    expect(found.data.map((lot) => lot._id)).toEqual((await stack.db.prisma.$queryRaw<{ id: string }[]>(plainQuery(common, new Date(), 20))).map((row) => row.id));
    // A page past the end is empty, and says so.
    const past = await browse({ offset: LOTS + 40, signedIn: false, sort: 'createdAt' });
    expect(past.data).toEqual([]);
    expect(past.pagination.hasMore).toBe(false);
  });

  it('counts a small result exactly, however it is ordered or paged', async () => {
    // Orb lots (a sixth of all) are all BTC, and none is upcoming.
    const orbs = await browse({ offset: 0, signedIn: false, search: 'orb', paymentMethod: 'BTC' });
    expect(orbs.pagination).toMatchObject({ total: LOTS / 6, totalExact: true, hasMore: true });
    const deep = await browse({ offset: 180, signedIn: false, search: 'orb', paymentMethod: 'BTC', sort: 'price', order: 'desc' });
    expect(deep.pagination).toMatchObject({ total: LOTS / 6, totalExact: true, hasMore: false });
    expect(deep.data).toHaveLength(20);
    const none = await browse({ offset: 0, signedIn: false, search: 'orb', status: 'upcoming' });
    expect(none.pagination).toMatchObject({ total: 0, totalExact: true, hasMore: false });
  });

  it('shows a lot in a page exactly as its own page shows it', async () => {
    const read = async (path: string) => (await (await fetch(stack.url + path, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: any };
    const page = await read(urlOf({ offset: 0, signedIn: true, sort: 'bids' }, 5));
    expect(page.data).toHaveLength(5);
    for (const lot of page.data) expect((await read(`/auctions/${lot._id}`)).data).toEqual(lot);
  });
});
