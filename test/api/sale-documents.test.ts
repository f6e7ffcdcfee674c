/**
 * Invoices and statements: every won lot gets a buyer's invoice and a seller's statement, numbered per year without
 * gaps or repeats even when many lots close at once (a counter row taken in each close's transaction); each is
 * shown only to its buyer (seller) and admins, as JSON and as a PDF; an admin marks a payout once; an event's
 * figures export as CSV.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeLot } from '../../api/src/closing/close-lot.ts';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';

let stack: TestStack;
let adminToken: string;

beforeAll(async () => {
  stack = await startApiForTest({ seed: 'none', env: { RATE_SIGNIN_PER_IP: '1000', RATE_SIGNIN_PER_ACCOUNT: '1000' } });
  adminToken = await signIn(stack.url, (await createUser(stack.db, 'admin')).email);
});
afterAll(() => stack?.stop());

async function get(token: string, path: string) {
  const started = performance.now();
  const res = await fetch(stack.url + path, { headers: { authorization: `Bearer ${token}` } });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type'), bytes, ms: performance.now() - started, json: () => JSON.parse(bytes.toString('utf8')) };
}

async function saleEvent(rates: { buyerPremium?: object; sellerCommission?: object } = {}) {
  return stack.db.prisma.auctionEvent.create({
    data: {
      slug: `docs-${randomBytes(4).toString('hex')}`,
      title: 'Documents sale',
      published: true,
      status: 'live',
      startTime: new Date(Date.now() - 86_400_000),
      endTime: new Date(Date.now() + 86_400_000),
      ...rates,
    },
  });
}

/** A USD lot past its end with one active bid of `cents` by `buyerId`, sold by `sellerId`: ready to close. */
async function dueLot(eventId: string, buyerId: string, sellerId: string | null, cents: bigint) {
  const lot = await stack.db.prisma.lot.create({
    data: {
      auctionEventId: eventId,
      title: `Document lot ${randomBytes(3).toString('hex')}`,
      paymentMethod: 'Manual',
      auctionType: 'offchain',
      startingBid: '100',
      currentPrice: cents.toString(),
      currentBid: cents.toString(),
      startTime: new Date(Date.now() - 3_600_000),
      endTime: new Date(Date.now() - 1000),
      status: 'live',
      published: true,
      creatorId: sellerId,
    },
  });
  await stack.db.prisma.bid.create({ data: { lotId: lot.id, userId: buyerId, amount: cents.toString() } });
  return lot;
}

describe('sale documents', () => {
  it('numbers invoices and statements without gaps or repeats when many lots close at once', async () => {
    const event = await saleEvent();
    const buyer = await createUser(stack.db, 'ready');
    const lots = await Promise.all(Array.from({ length: 16 }, (_, i) => dueLot(event.id, buyer.id, null, BigInt(1000 + i))));
    // Each lot's close asked three times at once: a lot closes once, and takes its numbers once. Forty-eight at once
    // are more than the pool's connections: on a busy machine a close may wait too long for one and fail whole,
    // changing nothing, and the lot clock's next pass closes it; that pass is run here for any lot left open.
    const settled = await Promise.allSettled(lots.flatMap((lot) => [0, 1, 2].map(() => closeLot(stack.db.prisma, lot.id))));
    for (const failed of settled.filter((r) => r.status === 'rejected')) expect(String(failed.reason)).toMatch(/Unable to start a transaction/);
    const closedAtOnce = settled.filter((r) => r.status === 'fulfilled' && r.value.closed).length;
    const nextPass = [];
    for (const lot of lots) nextPass.push(await closeLot(stack.db.prisma, lot.id));
    expect(closedAtOnce + nextPass.filter((r) => r.closed).length).toBe(16);
    const year = new Date().getUTCFullYear();
    for (const table of ['invoice', 'sellerStatement'] as const) {
      const rows = await (stack.db.prisma[table] as typeof stack.db.prisma.invoice).findMany({ where: { year }, orderBy: { seq: 'asc' }, select: { seq: true, number: true, lotId: true } });
      // Every document of the year, whoever made it: 1, 2, 3, ... with nothing skipped or taken twice.
      expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
      expect(new Set(rows.map((r) => r.number)).size).toBe(rows.length);
      for (const lot of lots) expect(rows.filter((r) => r.lotId === lot.id)).toHaveLength(1);
    }
    const first = await stack.db.prisma.invoice.findFirstOrThrow({ where: { year, seq: 1 } });
    expect(first.number).toBe(`INV-${year}-000001`);
  });

  it('an invoice and a statement with the event’s premium and commission, each for its owner and admins, as a page and a PDF', async () => {
    const event = await saleEvent({ buyerPremium: { USD: [{ upTo: null, percent: '25' }] }, sellerCommission: { USD: [{ upTo: null, percent: '10' }] } });
    const buyer = await createUser(stack.db, 'ready');
    const seller = await createUser(stack.db, 'ready');
    const stranger = await createUser(stack.db, 'ready');
    const [buyerToken, sellerToken, strangerToken] = await Promise.all([buyer, seller, stranger].map((u) => signIn(stack.url, u.email)));
    const lot = await dueLot(event.id, buyer.id, seller.id, 20_000n);
    expect((await closeLot(stack.db.prisma, lot.id)).closed).toBe(true);

    const mine = (await get(buyerToken!, '/me/invoices')).json().data;
    expect(mine).toEqual([expect.objectContaining({ lotId: lot.id, unit: 'USD', hammer: '200.00', premium: '50.00', tax: '0.00', total: '250.00', paid: false })]);
    const invoiceId = mine[0]._id as string;
    expect((await get(buyerToken!, `/invoices/${invoiceId}`)).status).toBe(200);
    expect((await get(strangerToken!, `/invoices/${invoiceId}`)).status).toBe(404);
    expect((await get(adminToken, `/invoices/${invoiceId}`)).status).toBe(200);
    // The won mail links the invoice and names the premium it includes.
    const wonMail = await stack.db.prisma.outboxMail.findFirstOrThrow({ where: { subject: `You won ${lot.title}` } });
    expect(wonMail.text).toContain(`Your invoice ${mine[0].number}: `);
    expect(wonMail.text).toContain(`/invoices/${invoiceId} It includes the buyer’s premium of $50.00.`);
    const cart = (await get(buyerToken!, '/cart')).json();
    expect(cart.items).toEqual([expect.objectContaining({ lotId: lot.id, invoiceId, premium: '50.00', cardAmount: '250.00' })]);

    const pdf = await get(buyerToken!, `/invoices/${invoiceId}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    const text = pdf.bytes.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toContain(`(${mine[0].number})`.replace('(', '(Invoice '));
    expect(text).toContain('($250.00)');
    // The cross-reference table points at each object exactly.
    const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...text.slice(xref).matchAll(/(\d{10}) 00000 n /g)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(7);
    expect(offsets.map((offset, i) => text.slice(offset, offset + `${i + 1} 0 obj`.length))).toEqual(offsets.map((_, i) => `${i + 1} 0 obj`));
    console.log(`invoice PDF: ${pdf.bytes.length} bytes, ${pdf.ms.toFixed(1)} ms to fetch and render`);
    expect((await get(strangerToken!, `/invoices/${invoiceId}/pdf`)).status).toBe(404);

    const statements = (await get(sellerToken!, '/me/statements')).json().data;
    expect(statements).toEqual([expect.objectContaining({ lotId: lot.id, hammer: '200.00', commission: '20.00', fees: '0.00', net: '180.00', buyerPaid: false, paidOutAt: null })]);
    const statementId = statements[0]._id as string;
    expect((await get(buyerToken!, `/statements/${statementId}`)).status).toBe(404);
    const statementPdf = await get(sellerToken!, `/statements/${statementId}/pdf`);
    expect(statementPdf.type).toBe('application/pdf');
    expect(statementPdf.bytes.toString('latin1')).toContain('($180.00)');

    const pay = (token: string) => fetch(`${stack.url}/admin/statements/${statementId}/payout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect((await pay(sellerToken!)).status).toBe(403);
    const [a, b] = await Promise.all([pay(adminToken), pay(adminToken)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await get(sellerToken!, `/statements/${statementId}`)).json().data.paidOutAt).not.toBeNull();
  });

  it('exports an event’s figures as CSV: hammer, premium, commission, tax, paid and unpaid per sold lot', async () => {
    const event = await saleEvent({
      buyerPremium: {
        USD: [
          { upTo: '100.00', percent: '25' },
          { upTo: null, percent: '20' },
        ],
      },
      sellerCommission: { USD: [{ upTo: null, percent: '15' }] },
    });
    const buyer = await createUser(stack.db, 'ready');
    const paidLot = await dueLot(event.id, buyer.id, null, 20_000n);
    const owedLot = await dueLot(event.id, buyer.id, null, 1_001n);
    await closeLot(stack.db.prisma, paidLot.id);
    await closeLot(stack.db.prisma, owedLot.id);
    await stack.db.prisma.lot.update({ where: { id: paidLot.id }, data: { paid: true, title: 'Vase, "Ming", =1+1' } });
    const csv = await get(adminToken, `/admin/auction-events/${event.id}/figures`);
    expect(csv.status).toBe(200);
    expect(csv.type).toMatch(/^text\/csv/);
    const lines = csv.bytes.toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('invoice,statement,lot number,lot,unit,hammer,premium,commission,tax,buyer fees,total,paid,unpaid,seller net,paid out,voided');
    expect(lines).toHaveLength(3);
    // $200: 25 + 20 premium, 30 commission; $10.01: 2.50 premium (25% of 10.01 is 2.5025), 1.50 commission (1.5015).
    expect(lines[1]).toMatch(/,"Vase, ""Ming"", =1\+1",USD,200\.00,45\.00,30\.00,0\.00,0\.00,245\.00,245\.00,0,170\.00,,$/);
    expect(lines[2]).toMatch(/,USD,10\.01,2\.50,1\.50,0\.00,0\.00,12\.51,0,12\.51,8\.51,,$/);
    const refused = await fetch(`${stack.url}/admin/auction-events/${event.id}/figures`, { headers: { authorization: `Bearer ${await signIn(stack.url, buyer.email)}` } });
    expect(refused.status).toBe(403);
  });
});
