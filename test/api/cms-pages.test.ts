/**
 * One source for every CMS page: buyers read what the CMS holds, which starts as the platform's default copy
 * (the dapp's fallback), changes with an admin's edit, and is replaced by each published policy version, dated
 * as that version. One date per page: the text never carries another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CMS_PAGES, POLICY_KINDS } from '@gavel/domain';
import { DEFAULT_PAGES } from '@gavel/domain/default-pages';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { caller } from '../support/admin-api.ts';
import { seedCmsPages } from '../../scripts/seed/cms-pages.ts';

let stack: TestStack;
let adminToken: string;
const call = caller(() => stack.url);
const page = async (slug: string) => (await call('GET', `/cms/pages/${slug}`)).body.data as { title: string; content: string; updatedAt: string };

beforeAll(async () => {
  stack = await startApiForTest({ seed: (db) => seedCmsPages(db.prisma), env: { RATE_SIGNIN_PER_IP: '1000', RATE_SIGNIN_PER_ACCOUNT: '1000' } });
  adminToken = await signIn(stack.url, (await createUser(stack.db, 'admin')).email);
});
afterAll(() => stack?.stop());

describe('CMS pages', () => {
  it('start as the default copy the dapp falls back on, dated once, as their version', async () => {
    for (const { slug } of CMS_PAGES) {
      const fallback = DEFAULT_PAGES[slug]!;
      expect(await page(slug)).toEqual({ slug, title: fallback.title, content: fallback.content, updatedAt: `${fallback.updatedAt}T00:00:00.000Z` });
      // The header's date is the only one: no "current as of" or "last updated" inside the text.
      expect(fallback.content).not.toMatch(/current as of|last updated|\b20\d\d\b/i);
    }
    // The policies in force are version 1 of each kind, published on the pages' date.
    const policies = (await call('GET', '/policies')).body.data as Array<{ kind: string; version: number; current: boolean; publishedAt: string }>;
    expect(policies.map((p) => [p.kind, p.version, p.current, p.publishedAt]).sort()).toEqual(
      [...POLICY_KINDS].sort().map((kind) => [kind, 1, true, `${DEFAULT_PAGES[kind]!.updatedAt}T00:00:00.000Z`]),
    );
  });

  it("the privacy policy sends data requests to the support page's contact form", async () => {
    expect((await page('privacy-policy')).content).toContain('<a href="/support#contact">contact form on our support page</a>');
  });

  it('serve what the admin saved, title and text, dated by the edit', async () => {
    const before = Date.now();
    const saved = await call('PUT', '/cms/admin/pages/terms-conditions', adminToken, { title: 'Gavel Terms', content: '<h2>1. Bidding</h2><p>Edited by the admin.</p>' });
    expect(saved.status).toBe(200);
    const served = await page('terms-conditions');
    expect(served).toMatchObject({ title: 'Gavel Terms', content: saved.body.data.content });
    expect(served.content).toBe('<h2>1. Bidding</h2><p>Edited by the admin.</p>');
    expect(Date.parse(served.updatedAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it.each(POLICY_KINDS)('a published %s version replaces the page buyers read, dated as published', async (kind) => {
    const draft = await call('POST', '/admin/policies', adminToken, { kind, title: `New ${kind}`, content: `<p>Version two of ${kind}.</p>`, summary: 'Reworded' });
    // A draft changes nothing buyers read.
    expect((await page(kind)).content).not.toContain('Version two');
    const published = await call('POST', `/admin/policies/${draft.body.data._id}/publish`, adminToken, { requireReacceptance: false });
    expect(published.body.data).toMatchObject({ version: 2, current: true });
    expect(await page(kind)).toEqual({ slug: kind, title: `New ${kind}`, content: `<p>Version two of ${kind}.</p>`, updatedAt: published.body.data.publishedAt });
  });

  it('new terms ask bidders to accept again, and what they are shown is the new text', async () => {
    const bidder = await createUser(stack.db, 'ready');
    const token = await signIn(stack.url, bidder.email);
    const draft = await call('POST', '/admin/policies', adminToken, { kind: 'terms-conditions', title: 'Terms & Conditions', content: '<h2>1. Bidding</h2><p>Bids are final from today.</p>' });
    const published = await call('POST', `/admin/policies/${draft.body.data._id}/publish`, adminToken, {});
    const me = (await call('GET', '/auth/me', token)).body.user;
    expect(me.termsAccepted).toBe(false);
    expect(await page('terms-conditions')).toMatchObject({ content: '<h2>1. Bidding</h2><p>Bids are final from today.</p>', updatedAt: published.body.data.publishedAt });
    const accepted = await call('POST', '/auth/accept-terms', token, { biddingFor: 'myself' });
    expect(accepted.body.user).toMatchObject({ termsAccepted: true, termsVersion: published.body.data.version });
  });
});
