import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CMS_PAGES } from '@gavel/domain';
import { DEFAULT_TERMS } from '@gavel/domain/terms-conditions';
import { startApiForTest, type TestStack } from '../support/stack.ts';

let stack: TestStack;
const subscribe = (body: unknown) => fetch(`${stack.url}/subscriptions/subscribe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

beforeAll(async () => {
  stack = await startApiForTest({ seed: 'demo' });
});
afterAll(() => stack?.stop());

describe('CMS pages', () => {
  it('serves every page by slug; the seeded terms are the platform default, unchanged by the sanitizer', async () => {
    for (const { slug } of CMS_PAGES) {
      const res = await fetch(`${stack.url}/cms/pages/${slug}`);
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as any;
      expect(data.slug).toBe(slug);
      expect(data.title).toBeTruthy();
    }
    const terms = (await (await fetch(`${stack.url}/cms/pages/terms-conditions`)).json()) as any;
    expect(terms.data).toMatchObject({ title: DEFAULT_TERMS.title, content: DEFAULT_TERMS.content });
    const missing = await fetch(`${stack.url}/cms/pages/careers`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Page not found', code: 'not_found' });
  });
});

describe('POST /subscriptions/subscribe', () => {
  it('subscribes once, then says Already subscribed! whatever the case of the address', async () => {
    const first = await subscribe({ email: 'Ana@Example.com', firstName: 'Ana', lastName: 'Lee' });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ message: 'Subscribed successfully!' });
    const again = await subscribe({ email: ' ana@example.COM ', firstName: 'Ana', lastName: 'Lee' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as any).message).toBe('Already subscribed!');
    expect(await stack.db.prisma.newsletterSubscription.count({ where: { email: 'ana@example.com' } })).toBe(1);
  });

  it('names every wrong field with the spec messages and stores nothing', async () => {
    const res = await subscribe({ email: 'not-an-email', firstName: ' ', lastName: '' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as any;
    expect(body.message).toBe('Please enter a valid email address');
    expect(body.fields).toEqual({
      email: 'Please enter a valid email address',
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
    expect(await stack.db.prisma.newsletterSubscription.count({ where: { email: 'not-an-email' } })).toBe(0);
  });

  it('answers malformed JSON with a 400, never a 500', async () => {
    const res = await fetch(`${stack.url}/subscriptions/subscribe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).code).toBe('invalid_json');
  });

  it('lets exactly one of several racing sign-ups of one address through', async () => {
    const replies = await Promise.all(Array.from({ length: 8 }, () => subscribe({ email: 'race@example.com', firstName: 'R', lastName: 'C' })));
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
  });
});

describe('operations', () => {
  it('reports health and readiness', async () => {
    expect((await fetch(`${stack.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${stack.url}/readyz`);
    expect(await ready.json()).toEqual({ status: 'ready', database: 'postgres', redis: 'ok' });
  });

  it('publishes an OpenAPI document covering every route', async () => {
    const doc = (await (await fetch(`${stack.url}/openapi.json`)).json()) as any;
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/auctions',
      '/auctions/{id}',
      '/lots',
      '/lots/{id}',
      '/auction-events',
      '/auction-events/{id}',
      '/auction-events/slug/{slug}',
      '/cms/pages/{slug}',
      '/subscriptions/subscribe',
    ]) {
      expect(doc.paths).toHaveProperty(path);
    }
    const params = doc.paths['/auctions'].get.parameters.map((p: any) => p.name);
    expect(params).toEqual(
      expect.arrayContaining(['limit', 'offset', 'search', 'status', 'paymentMethod', 'minPrice', 'maxPrice', 'startDate', 'endDate', 'auctionEventId', 'sort', 'order', 'page', 'pageSize']),
    );
  });

  it('answers unknown routes with a JSON 404', async () => {
    const res = await fetch(`${stack.url}/nowhere`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as any).code).toBe('not_found');
  });
});
