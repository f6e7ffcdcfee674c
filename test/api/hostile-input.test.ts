/**
 * No input gets a 5xx: generated hostile requests (NUL and other control characters in paths, queries and
 * bodies, malformed percent-encoding, malformed and deep JSON, numbers no double can hold, multipart without a
 * boundary, oversized bodies) against every route the api publishes, as an anonymous visitor, a ready bidder
 * and an admin. A fixed seed keeps every run the same requests; the status histogram is printed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import net from 'node:net';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { startStripeStandIn, type StripeStandIn } from '../../scripts/stand-ins/stripe/index.ts';
import { startBitcoinStandIn, type BitcoinStandIn } from '../../scripts/stand-ins/bitcoin/index.ts';

const SEED = 20261123;
const RUNS = 3000;

let stack: TestStack;
let stripe: StripeStandIn;
let btc: BitcoinStandIn;
let emails: Array<string | null>;
let routes: Array<{ method: string; path: string; query: string[]; body: string[]; hasBody: boolean }>;
let tokens: Array<string | null>;
let lotId: string;

beforeAll(async () => {
  // The services behind the routes answer, so hostile input reaches the code that uses it.
  stripe = await startStripeStandIn({ port: 0, webhookSecret: 'whsec_hostile', log: () => {} });
  btc = await startBitcoinStandIn({ port: 0, network: 'regtest', blockIntervalMs: 0 });
  stack = await startApiForTest({
    seed: 'demo',
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
      STRIPE_WEBHOOK_SECRET: 'whsec_hostile',
      STRIPE_API_BASE: stripe.url,
      BITCOIN_NETWORK: 'regtest',
      BITCOIN_ESPLORA_URL: btc.esploraUrl,
      ORD_URL: btc.ordUrl,
      RATE_SIGNIN_PER_IP: '100000',
      RATE_SIGNIN_PER_ACCOUNT: '100000',
      RATE_CODES_PER_IP: '100000',
      RATE_CODES_PER_ACCOUNT: '100000',
    },
  });
  const doc = (await (await fetch(`${stack.url}/openapi.json`)).json()) as { paths: Record<string, Record<string, OpenApiOperation>> };
  routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      body: Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
      hasBody: Boolean(op.requestBody),
    })),
  );
  const bidder = await createUser(stack.db, 'ready');
  const admin = await createUser(stack.db, 'admin');
  emails = [null, bidder.email, admin.email];
  tokens = [null, await signIn(stack.url, bidder.email), await signIn(stack.url, admin.email)];
  lotId = (await stack.db.prisma.lot.findFirstOrThrow({ where: { published: true } })).id;
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  await stripe?.stop();
  await btc?.close();
});

interface OpenApiOperation {
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content?: { 'application/json'?: { schema?: { properties?: Record<string, unknown> } } } };
}

/** Raw path segments, already encoded as a client would send them (some malformed on purpose). */
const pathSegment = fc.oneof(
  fc.constantFrom(
    '%00',
    'a%00b',
    '%01%1F%7F',
    '%E0%A4%A',
    '%ED%A0%80',
    '%',
    '%25',
    '..%2F..%2Fetc%2Fpasswd',
    '%0D%0ASet-Cookie:x=1',
    'x'.repeat(3000),
    '-1',
    '0',
    '9007199254740993',
    'null',
    'NaN',
    'undefined',
    '00000000-0000-0000-0000-000000000000',
  ),
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc.uuid(),
  fc.constant('<lot>'),
);

const hostileText = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u0001\u001b[31m',
    '\uD800',
    '\uFFFF',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    'x'.repeat(20_000),
    '😀',
    '',
    ' ',
    '1e309',
    '-0',
    '0x10',
    '9007199254740993',
    '12.345678901234567890',
  ),
  fc.string({ maxLength: 30 }),
  fc.uuid(),
);

/** A JSON value, or a sentinel the body builder swaps for number text that no double holds exactly. */
const BIG = '__BIG_NUMBER__';
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileText,
    fc.constantFrom(BIG, null, true, false, 0, -1, 1e308, Number.MAX_SAFE_INTEGER, 0.1),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 3 }),
  ),
})).value;

const bodyKind = fc.constantFrom('object', 'object', 'object', 'raw', 'deep', 'multipart-no-boundary', 'oversized', 'wrong-type');

const request = fc.record({
  route: fc.nat(),
  token: fc.nat({ max: 2 }),
  segments: fc.array(pathSegment, { minLength: 3, maxLength: 3 }),
  query: fc.array(fc.tuple(fc.nat(), hostileText), { maxLength: 3 }),
  body: fc.record({ kind: bodyKind, values: fc.array(hostileValue, { minLength: 6, maxLength: 6 }), raw: hostileText }),
});

type Generated = typeof request extends fc.Arbitrary<infer T> ? T : never;

function build(g: Generated): { method: string; url: string; headers: Record<string, string>; body?: string | Buffer } {
  const route = routes[g.route % routes.length]!;
  let i = 0;
  const path = route.path.replace(/\{\w+\}/g, () => {
    const segment = g.segments[i++ % g.segments.length]!;
    return segment === '<lot>' ? lotId : segment;
  });
  const params = g.query.map(([n, v]) => `${encodeURIComponent(route.query[n % Math.max(route.query.length, 1)] ?? 'q')}=${encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, ''))}`);
  const headers: Record<string, string> = {};
  const token = tokens[g.token];
  if (token) headers.authorization = `Bearer ${token}`;
  const url = `${path}${params.length ? `?${params.join('&')}` : ''}`;
  if (route.method === 'GET' || (route.method === 'DELETE' && !route.hasBody)) return { method: route.method, url, headers };

  headers['content-type'] = 'application/json';
  const { kind, values, raw } = g.body;
  if (kind === 'raw') return { method: route.method, url, headers, body: raw };
  if (kind === 'deep') return { method: route.method, url, headers, body: '['.repeat(50_000) + ']'.repeat(50_000) };
  if (kind === 'oversized') return { method: route.method, url, headers, body: `{"a":"${'x'.repeat(1_100_000)}"}` };
  if (kind === 'wrong-type') return { method: route.method, url, headers: { ...headers, 'content-type': 'text/plain' }, body: raw };
  if (kind === 'multipart-no-boundary') return { method: route.method, url, headers: { ...headers, 'content-type': 'multipart/form-data' }, body: 'file=x' };
  const names = route.body.length ? route.body : ['amount', 'email', 'id'];
  const object = Object.fromEntries(names.map((name, n) => [name, values[n % values.length]]));
  return { method: route.method, url, headers, body: JSON.stringify(object).replaceAll(`"${BIG}"`, '9007199254740993') };
}

/** Sent over a raw socket: fetch would refuse the malformed paths and headers the api must survive. */
function send(req: ReturnType<typeof build>): Promise<{ status: number; text: string }> {
  const { port, hostname } = new URL(stack.url);
  const body = req.body === undefined ? Buffer.alloc(0) : Buffer.from(req.body);
  const head = [
    `${req.method} ${req.url} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    'Connection: close',
    `Content-Length: ${body.length}`,
    ...Object.entries(req.headers).map(([k, v]) => `${k}: ${v}`),
    '',
    '',
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(20_000, () => socket.destroy(new Error(`no answer to ${req.method} ${req.url}`)));
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text });
    });
    // Not ended: a client that half-closes gets no answer at all; `Connection: close` ends the exchange.
    socket.write(Buffer.concat([Buffer.from(head), body]));
  });
}

describe('hostile input', () => {
  it(`gets a 4xx, never a 5xx, on every route (${RUNS} generated requests, seed ${SEED})`, async () => {
    const histogram = new Map<number, number>();
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(request, async (g) => {
        const req = build(g);
        const { status, text } = await send(req);
        // A generated logout or password change revoked the caller's session: sign in again for the next request.
        if (status === 401 && emails[g.token]) tokens[g.token] = await signIn(stack.url, emails[g.token]!);
        histogram.set(status, (histogram.get(status) ?? 0) + 1);
        // A 503 naming a service this stack does not run (no chain, so no relayer or indexer) is the honest answer to
        // any request, hostile or not; every other 5xx is a failure.
        const unavailable = status === 503 && /"code":"\w+_unavailable"/.test(text) && !/"code":"(payment_provider|bitcoin)_unavailable"/.test(text);
        if ((status >= 500 && !unavailable) || status === 0)
          failures.push(`${status} ${req.method} ${req.url.slice(0, 120)} ${String(req.body ?? '').slice(0, 80)} -> ${text.split('\r\n\r\n')[1]?.slice(0, 120)}`);
        return true;
      }),
      { seed: SEED, numRuns: RUNS },
    );
    console.log('hostile input status histogram', Object.fromEntries([...histogram].sort(([a], [b]) => a - b)));
    // The first few, whole: enough to find each cause.
    expect(failures.slice(0, 20)).toEqual([]);
  }, 600_000);
});

describe('hostile input, case by case', () => {
  const post = (path: string, body: string, token?: string | null) =>
    fetch(`${stack.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body }).then(async (r) => ({
      status: r.status,
      body: (await r.json()) as { message: string; fields?: Record<string, string> },
    }));

  it('a number no double holds exactly is refused with its field named, and no bid is written', async () => {
    const lot = await stack.db.prisma.lot.findFirstOrThrow({ where: { published: true, paymentMethod: 'Manual', status: 'live' } });
    const before = await stack.db.prisma.bid.count({ where: { lotId: lot.id } });
    const reply = await post(`/auctions/${lot.id}/bids`, '{"amount": 9007199254740993}', tokens[1]);
    expect(reply).toMatchObject({ status: 400, body: { message: 'amount must be a whole number below 2^53 or a decimal string', fields: { amount: expect.any(String) } } });
    expect(await stack.db.prisma.bid.count({ where: { lotId: lot.id } })).toBe(before);
  });

  it('a NUL in a JSON string or a query is a 400 naming where it was, and nothing is stored', async () => {
    const reply = await post('/subscriptions/subscribe', JSON.stringify({ email: 'a\u0000b@example.com' }));
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('email holds characters that are not allowed');
    const search = await fetch(`${stack.url}/auction-events?search=%00`);
    expect(search.status).toBe(400);
    expect(((await search.json()) as { message: string }).message).toBe('search holds characters that are not allowed');
  });

  it('a search’s %, _ and \\ are characters, not wildcards, on every list that searches', async () => {
    const found = async (path: string) => {
      const reply = await fetch(`${stack.url}${path}`, { headers: { authorization: `Bearer ${tokens[2]}` } });
      expect(reply.status).toBe(200);
      return ((await reply.json()) as { data: Array<{ _id: string }> }).data.map((row) => row._id);
    };
    const event = await stack.db.prisma.auctionEvent.findFirstOrThrow({ where: { published: true } });
    await stack.db.prisma.auctionEvent.update({ where: { id: event.id }, data: { title: `${event.title} 100%_off\\` } });
    try {
      // No user, whitelist entry or lot holds a % or a \; as wildcards, % matched every one of them.
      for (const path of ['/admin/users', '/admin/whitelist', '/admin/auctions', '/auctions'])
        for (const typed of ['%25', '%5C']) expect(await found(`${path}?search=${typed}`), `${path} ${typed}`).toEqual([]);
      for (const path of ['/auction-events', '/admin/auction-events']) {
        for (const typed of ['%25', '%5C', '100%25_off%5C']) expect(await found(`${path}?search=${typed}`), `${path} ${typed}`).toEqual([event.id]);
        // As a wildcard, _ took the % of "100%".
        expect(await found(`${path}?search=100_`), `${path} 100_`).toEqual([]);
      }
    } finally {
      await stack.db.prisma.auctionEvent.update({ where: { id: event.id }, data: { title: event.title } });
    }
  });

  it('the searching lists answer hostile queries with a 400 or a page, never a 5xx, and change nothing', async () => {
    const lots = await stack.db.prisma.lot.count();
    const paths = ['/admin/auctions', '/auctions', '/lots', '/auction-events', '/admin/auction-events', '/admin/users', '/admin/whitelist'];
    const queries = [
      'search=%27%3B%20DROP%20TABLE%20%22Lot%22%3B--',
      'search=%5C%5C%5C',
      'search=%24%31',
      `search=${'x'.repeat(5000)}`,
      'search[]=a&search[]=b',
      'page=1e20',
      'page=1.5',
      'offset=-1',
      'limit=0.5',
      'page=1000000&limit=100&search=a',
      'status=live&search=%25&published=maybe',
      'status=nonsense&search=a',
    ];
    for (const path of paths)
      for (const query of queries) {
        const reply = await fetch(`${stack.url}${path}?${query}`, { headers: { authorization: `Bearer ${tokens[2]}` } });
        expect(reply.status, `${path}?${query}`).toBeLessThan(500);
        if (reply.status === 400) expect(((await reply.json()) as { message: string }).message, `${path}?${query}`).toEqual(expect.any(String));
        else await reply.arrayBuffer();
      }
    expect(await stack.db.prisma.lot.count()).toBe(lots);
  });

  it('multipart without a boundary is a 400, not a 500', async () => {
    const res = await fetch(`${stack.url}/auctions/upload-images`, { method: 'POST', headers: { authorization: `Bearer ${tokens[2]}`, 'content-type': 'multipart/form-data' }, body: 'file=x' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('The form could not be read');
  });
});
