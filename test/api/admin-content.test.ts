/**
 * Admin content: CMS pages stored sanitized against hostile HTML and served that
 * way, image uploads (type and size checks with the spec's texts, the real CID, inert SVG serving), versioned
 * policies with the accepted terms version, and the inscription lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { caller } from '../support/admin-api.ts';
import { ContentStore } from '../../api/src/storage/content-store.ts';

let stack: TestStack;
let adminToken: string;
const call = caller(() => stack.url);

beforeAll(async () => {
  stack = await startApiForTest({ seed: 'none', env: { RATE_SIGNIN_PER_IP: '10000', RATE_SIGNIN_PER_ACCOUNT: '10000' } });
  adminToken = await signIn(stack.url, (await createUser(stack.db, 'admin')).email);
});
afterAll(() => stack?.stop());

describe('CMS pages: sanitized on the way in and out', () => {
  const hostile: Array<[string, string, RegExp]> = [
    ['script', '<p>Hi</p><script>alert(1)</script>', /script|alert/i],
    ['img onerror', '<img src="https://x.example/a.png" onerror="alert(1)">', /onerror|alert/i],
    ['javascript: link', '<a href="javascript:alert(1)">click</a>', /javascript|<a/i],
    ['entity-obfuscated javascript: link', '<a href="jav&#x09;ascript:alert(1)">click</a>', /ascript|<a/i],
    ['upper-case scheme', '<a href="JaVaScRiPt:alert(1)">x</a>', /script|<a/i],
    ['data: image', '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">', /data:|<img/i],
    ['svg onload', '<svg onload="alert(1)"><circle r="5"/></svg>', /svg|onload|alert/i],
    ['style tag and attribute', '<style>body{display:none}</style><p style="background:url(javascript:alert(1))">x</p>', /style|javascript|display/i],
    ['iframe', '<iframe src="https://evil.example"></iframe>', /iframe|evil/i],
    ['nested script split', '<scr<script>ipt>alert(1)</scr</script>ipt>', /<script/i],
    ['event handler on a link', '<a href="https://ok.example" onclick="alert(1)">ok</a>', /onclick|alert/i],
    ['protocol-relative link', '<a href="//evil.example">x</a>', /evil/i],
    ['backslash protocol-relative link', '<a href="/\\evil.example">x</a>', /evil/i],
    ['math with a javascript: link', '<math><mi xlink:href="javascript:alert(1)">x</mi></math>', /math|javascript/i],
    ['form and input', '<form action="https://evil.example"><input name="p"></form>', /form|input|evil/i],
  ];

  it.each(hostile)('%s is removed', async (_name, html, forbidden) => {
    const res = await call('POST', '/cms/admin/pages', adminToken, { slug: `p-${Math.random().toString(36).slice(2, 8)}`, title: 'T', content: `<p>Safe text</p>${html}` });
    expect(res.status).toBe(201);
    expect(res.body.data.content).toContain('<p>Safe text</p>');
    expect(res.body.data.content).not.toMatch(forbidden);
    const served = await call('GET', `/cms/pages/${res.body.data.slug}`);
    expect(served.body.data.content).toBe(res.body.data.content);
  });

  it('keeps formatting, safe links (new tabs get noopener) and images; a link without a URL keeps its text', async () => {
    const html =
      '<h2>About</h2><p><strong>Bold</strong> <em>it</em> <a href="https://gavel.example/x" target="_blank">site</a> <a href="mailto:a@b.example">mail</a> <a href="">empty</a></p>' +
      '<ul><li>one</li></ul><img src="https://cdn.example/a.png" alt="a">';
    const res = await call('POST', '/cms/admin/pages', adminToken, { slug: 'about-us', title: 'About us', content: html });
    expect(res.body.data.content).toBe(
      '<h2>About</h2><p><strong>Bold</strong> <em>it</em> <a href="https://gavel.example/x" target="_blank" rel="noopener noreferrer">site</a> <a href="mailto:a@b.example">mail</a> empty</p>' +
        '<ul><li>one</li></ul><img src="https://cdn.example/a.png" alt="a" />',
    );
  });

  it('lists, updates and deletes pages; refuses empty content and taken slugs', async () => {
    await call('POST', '/cms/admin/pages', adminToken, { slug: 'privacy-policy', title: 'Privacy', content: '<p>v1</p>' });
    expect((await call('POST', '/cms/admin/pages', adminToken, { slug: 'privacy-policy', title: 'Again', content: '<p>x</p>' })).body.message).toBe('A page with this slug already exists');
    expect((await call('POST', '/cms/admin/pages', adminToken, { slug: 'blank', title: 'Blank', content: '<script>x</script>' })).body).toMatchObject({
      message: 'Content is required',
      fields: { content: 'Content is required' },
    });
    expect((await call('POST', '/cms/admin/pages', adminToken, { slug: 'Bad Slug', title: 'x', content: 'x' })).body.fields.slug).toBe('Slug may contain only lower-case letters, digits and hyphens');
    const updated = await call('PUT', '/cms/admin/pages/privacy-policy', adminToken, { content: '<p>v2</p><script>x</script>' });
    expect(updated.body).toMatchObject({ message: 'Page saved successfully', data: { title: 'Privacy', content: '<p>v2</p>' } });
    const list = await call('GET', '/cms/admin/pages', adminToken);
    expect(list.body.data.map((p: { slug: string }) => p.slug)).toContain('privacy-policy');
    expect((await call('DELETE', '/cms/admin/pages/privacy-policy', adminToken)).body.message).toBe('Page deleted');
    expect((await call('GET', '/cms/pages/privacy-policy')).status).toBe(404);
  });
});

describe('image upload', () => {
  const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest-of-a-tiny-png')]);
  const upload = async (bytes: Buffer, type: string, token: string | null = adminToken) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'picture');
    const res = await fetch(`${stack.url}/auctions/upload-images`, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: res.status, body: await res.json() };
  };

  it('stores a PNG by its real CID and replies with data.url and the upload result', async () => {
    const res = await upload(PNG, 'image/png');
    const cid = await ContentStore.cidOf(PNG);
    expect(res).toMatchObject({ status: 201, body: { data: { url: `/ipfs/${cid}`, IpfsHash: cid, PinSize: PNG.length, ipfsUrl: `ipfs://${cid}`, gatewayUrl: `/ipfs/${cid}` } } });
    const served = await fetch(`${stack.url}${res.body.data.url}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('serves SVG uploads as inert documents', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await upload(svg, 'image/svg+xml');
    expect(res.status).toBe(201);
    const served = await fetch(`${stack.url}${res.body.data.url}`);
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses other types, files whose bytes are not the claimed image, and files over 10 MB', async () => {
    const wrongType = await upload(Buffer.from('%PDF-1.4'), 'application/pdf');
    expect(wrongType).toMatchObject({ status: 415, body: { message: 'Please upload a valid image file (JPEG, PNG, WebP, or SVG)' } });
    expect((await upload(Buffer.from('<script>alert(1)</script>'), 'image/png')).status).toBe(415);
    const big = await upload(Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]), 'image/png');
    expect(big).toMatchObject({ status: 413, body: { message: 'Image size should be less than 10MB' } });
  });
});

describe('policies', () => {
  it('publish numbered versions, replace the CMS page, record the accepted version and ask for acceptance again', async () => {
    const bidder = await createUser(stack.db, 'ready');
    const bidderToken = await signIn(stack.url, bidder.email);
    const draft = await call('POST', '/admin/policies', adminToken, { kind: 'terms-conditions', title: 'Terms', content: '<p>Terms v1</p><script>x</script>', summary: 'First' });
    expect(draft.body.data).toMatchObject({ status: 'draft', version: null, content: '<p>Terms v1</p>' });
    const v1 = await call('POST', `/admin/policies/${draft.body.data._id}/publish`, adminToken, {});
    expect(v1.body).toMatchObject({ message: 'Policy published as version 1', data: { version: 1, status: 'published', current: true } });
    expect((await call('PUT', `/admin/policies/${draft.body.data._id}`, adminToken, { title: 'x' })).body.message).toBe('A published policy cannot be changed. Create a new version instead.');
    expect((await call('GET', '/cms/pages/terms-conditions')).body.data.content).toBe('<p>Terms v1</p>');
    expect((await call('GET', '/auth/me', bidderToken)).body.user).toMatchObject({ termsAccepted: false });

    const accepted = await call('POST', '/auth/accept-terms', bidderToken, { biddingFor: 'myself' });
    expect(accepted.body.user).toMatchObject({ termsAccepted: true, termsVersion: 1 });

    const second = await call('POST', '/admin/policies', adminToken, { kind: 'terms-conditions', title: 'Terms', content: '<p>Typo fixed</p>' });
    await call('POST', `/admin/policies/${second.body.data._id}/publish`, adminToken, { requireReacceptance: false });
    expect((await call('GET', '/auth/me', bidderToken)).body.user).toMatchObject({ termsAccepted: true, termsVersion: 1 });
    const current = await call('GET', '/policies?kind=terms-conditions');
    expect(current.body.data).toMatchObject([{ version: 2, current: true, content: '<p>Typo fixed</p>' }]);
    const all = await call('GET', '/admin/policies?kind=terms-conditions', adminToken);
    expect(all.body.data.map((p: { version: number; current: boolean }) => [p.version, p.current])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect((await call('DELETE', `/admin/policies/${second.body.data._id}`, adminToken)).status).toBe(409);
  });
});

describe('inscription lists', () => {
  it('filter by status, wallet and whether a lot sells it, 20 a page, with counts', async () => {
    const { prisma } = stack.db;
    const event = await prisma.auctionEvent.create({ data: { slug: 'insc', title: 'Insc', startTime: new Date(), endTime: new Date(Date.now() + 86_400_000) } });
    for (let i = 0; i < 23; i++) {
      await prisma.inscription.create({ data: { inscriptionId: `${'ab'.repeat(32)}i${i}`, walletAddress: i < 3 ? 'tb1pwalletone' : 'tb1pwallettwo', status: i % 2 ? 'inscribed' : 'pending' } });
    }
    await prisma.lot.create({
      data: {
        auctionEventId: event.id,
        title: 'Insc lot',
        paymentMethod: 'BTC',
        startingBid: '1000',
        currentPrice: '1000',
        startTime: new Date(),
        endTime: new Date(Date.now() + 3_600_000),
        inscriptionId: `${'ab'.repeat(32)}i1`,
      },
    });
    const page1 = await call('GET', '/inscriptions/admin/all', adminToken);
    expect(page1.body.data).toHaveLength(20);
    expect(page1.body.pagination).toMatchObject({ total: 23, page: 1 });
    expect((await call('GET', '/inscriptions/admin/all?page=2', adminToken)).body.data).toHaveLength(3);
    expect((await call('GET', '/inscriptions/admin/all?walletAddress=TB1PWALLETONE', adminToken)).body.pagination.total).toBe(3);
    const sold = await call('GET', '/inscriptions/admin/all?hasAuction=true', adminToken);
    expect(sold.body.data).toMatchObject([{ inscriptionId: `${'ab'.repeat(32)}i1`, hasAuction: true, status: 'inscribed' }]);
    expect((await call('GET', '/inscriptions/admin/all?hasAuction=false&status=pending', adminToken)).body.pagination.total).toBe(12);
    expect((await call('GET', '/inscriptions/admin/stats', adminToken)).body.data).toEqual({ total: 23, withAuction: 1, byStatus: { inscribed: 11, pending: 12 } });
  });
});
